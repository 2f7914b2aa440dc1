/**
 * A stand-in portal page for browser tests: embeds the app in an iframe (its `src` set only once
 * the message listener is in place, so LOADED can't be missed), records every message the frame
 * posts with its origin (LOADED, SEEK…), answers LOADED with `window.context` (seeded from
 * `window.__ctx`, set by an init script) posted to the app's exact origin, and exposes
 * `window.send(requestId, context)` for CONTEXT_CHANGE. Served on its own loopback origin.
 */
import { listen, type Running } from './loopback.ts';

/** The stand-in portal's page (exported for the WebKit smoke test, which has no init scripts). */
export const PAGE = (
  appUrl: string,
  width: number,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title></head>
<body><main><h1>Portal</h1><iframe title="Notes" style="width:${width}px;height:600px;border:0"></iframe></main>
<script>
  const frame = document.querySelector('iframe');
  const appOrigin = new URL(${JSON.stringify(appUrl)}).origin;
  window.received = [];
  window.context = window.__ctx || null;
  window.send = (requestId, context, target) =>
    frame.contentWindow.postMessage({ subApplicationName: 'NOTES', requestId, parentContext: context }, target || appOrigin);
  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow) return;
    window.received.push({ origin: e.origin, data: e.data });
    if (e.data && e.data.requestId === 'LOADED' && window.context) window.send('LOADED', window.context);
  });
  frame.src = ${JSON.stringify(appUrl)};
</script></body></html>`;

/**
 * Serves the page on `host` for an app at `appUrl`, the frame `width` px wide; `page` builds
 * another portal's page instead (sunbird-parent.ts).
 */
export function serveParent(
  host: string,
  appUrl: string,
  width = 900,
  page: (appUrl: string, width: number) => string = PAGE,
): Promise<Running> {
  return listen(host, (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(page(appUrl, width));
  });
}
