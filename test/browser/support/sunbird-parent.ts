/**
 * A stand-in for the real host portal (Sunbird CB, `subapplication-respond.service.ts` and its
 * auth responder) for browser tests: it answers the app's LOADED with `window.__ctx` exactly as
 * that portal does (`data: null`, posted to `'*'`), answers AUTH_REQUEST with `{ app: 'WEB_PORTAL',
 * type: 'AUTH_RESPONSE', … }` to `'*'` (the next of `window.tokens`, else a fresh one from the
 * test's `mintToken` binding), and can stop answering (`window.answerAuth = false`, or from the
 * start with `window.__silent = true` in an init script). A sibling
 * frame of another origin (`window.addSibling(url)`) relays whatever the portal hands it to the
 * app's frame, as a hostile frame on the page would.
 */
import { listen, type Running } from './loopback.ts';

/** The portal page framing the app at `appUrl`, the frame `width` px wide. */
export const sunbirdParentPage = (
  appUrl: string,
  width: number,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title></head>
<body><main><h1>Portal</h1><iframe id="app" title="Notes" style="width:${width}px;height:600px;border:0"></iframe></main>
<script>
  const frame = document.getElementById('app');
  window.received = [];
  window.context = window.__ctx || null;
  window.tokens = [];
  window.answerAuth = !window.__silent;
  window.send = (requestId, context, target) =>
    frame.contentWindow.postMessage({ subApplicationName: 'NOTES', requestId, data: null, parentContext: context }, target || '*');
  window.answer = async (id) => {
    const token = window.tokens.length ? window.tokens.shift() : await window.mintToken();
    frame.contentWindow.postMessage(
      { app: 'WEB_PORTAL', type: 'AUTH_RESPONSE', state: 'NONE', plugin: 'NONE', data: { token, id } }, '*');
  };
  window.addSibling = (url) => new Promise((resolve) => {
    const sibling = document.createElement('iframe');
    sibling.title = 'Another frame';
    sibling.onload = () => resolve();
    sibling.src = url;
    document.body.append(sibling);
    window.sibling = sibling;
  });
  addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow) return;
    window.received.push({ origin: e.origin, data: e.data });
    const d = e.data || {};
    if (d.requestId === 'LOADED' && window.context) window.send('LOADED', window.context);
    if (d.type === 'AUTH_REQUEST' && window.answerAuth) window.answer(d.data && d.data.id);
  });
  frame.src = ${JSON.stringify(appUrl)};
</script></body></html>`;

/** The sibling: relays every message its parent posts it to the app's frame (`parent.frames[0]`). */
const RELAY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sibling</title></head>
<body><script>addEventListener('message', (e) => parent.frames[0].postMessage(e.data, '*'));</script></body></html>`;

/** Serves the relaying sibling frame on `host`. */
export function serveSibling(host: string): Promise<Running> {
  return listen(host, (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(RELAY);
  });
}
