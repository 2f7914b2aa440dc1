/**
 * What a bench measures against: the harness API (the notes service in dev mode) over a given
 * database file, the harness's app server serving a given build (immutable hashed assets,
 * precompressed, the deployment CSP) with the API behind `/api/v1`, and a stand-in portal that frames the app and posts the first seeded
 * learner's context the moment `LOADED` arrives. The portal is on `localhost`, the app on
 * `127.0.0.1`: cross-site, as in production. `/?path=/view` frames the app at `/view`;
 * `&locale=ar` sends that locale in the context (`en` without it). Given a
 * second build (the React baseline, bench/baseline/), a second app server — the same harness
 * server, the same headers — serves it on a port of its own, framed by `/?app=baseline`.
 */
import { createServer } from 'node:http';
import { DEV_SECRET } from '../harness/api/auth.ts';
import { DEMO_PLAYER_DATA, SEEDED_USERS, tokenForUser } from '../harness/api/seed.ts';
import { startApi } from '../harness/api/server.ts';
import { startAppServer } from '../harness/serve/app-server.ts';
import { closeServer, listen } from '../harness/shared/listen.ts';
import { frameAncestors, LOCAL_DEV_CONFIG } from '../src/config/app-config.ts';

/** The learner every bench signs in as (the one whose notes the 10,000-note data file holds). */
export const BENCH_USER = SEEDED_USERS[0]!;

/** An app in the stack: the portal URL that frames it at an app path (in a locale), and its origin. */
export type StackApp = { portalUrl(path?: string, locale?: string): string; appOrigin: string };

/** A running stack: our app, the baseline when one was given, and shutdown. */
export type Stack = StackApp & { baseline: StackApp | null; close(): Promise<void> };

const portalPage = (appUrl: string, context: unknown) => `<!doctype html><title>Portal</title>
<iframe title="Notes" width="900" height="600"></iframe><script>
  const f = document.querySelector('iframe'), o = ${JSON.stringify(new URL(appUrl).origin)};
  const q = new URLSearchParams(location.search), path = q.get('path') || '/';
  f.src = o + path;
  const c = ${JSON.stringify(context)};
  if (q.get('locale')) c.locale = q.get('locale');
  addEventListener('message', (e) => { if (e.source === f.contentWindow && e.data && e.data.requestId === 'LOADED')
    f.contentWindow.postMessage({ subApplicationName: 'NOTES', requestId: 'LOADED', parentContext: c }, o); });
</script>`;

/**
 * Starts API, app server and portal; `dist` is the build to serve, `baselineDist` (optional) the
 * baseline's build, served by a second app server in front of the same API.
 */
export async function startStack(dist: string, dataFile: string, baselineDist?: string): Promise<Stack> {
  const api = await startApi({ dataFile, secret: DEV_SECRET, port: 0 });
  const serve = (root: string) =>
    startAppServer({ root, apiTarget: api.url, frameAncestors: frameAncestors(LOCAL_DEV_CONFIG), port: 0 });
  const app = await serve(dist);
  const base = baselineDist ? await serve(baselineDist) : null;
  const context = {
    rootOrg: BENCH_USER.rootOrg,
    org: BENCH_USER.org,
    url: '/',
    locale: 'en',
    theme: { name: 'blue' },
    darkMode: false,
    user: { token: tokenForUser(BENCH_USER, DEV_SECRET) },
    playerData: DEMO_PLAYER_DATA[BENCH_USER.name],
  };
  const html = portalPage(app.url, context);
  const baseHtml = base ? portalPage(base.url, context) : html;
  const portal = createServer((req, res) => {
    const page = new URL(req.url ?? '/', 'http://x').searchParams.get('app') === 'baseline' ? baseHtml : html;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  const port = await listen(portal, 0, '127.0.0.1');
  const url = (path: string, which: string, locale?: string) =>
    `http://localhost:${port}/?path=${encodeURIComponent(path)}${which ? `&app=${which}` : ''}${locale ? `&locale=${encodeURIComponent(locale)}` : ''}`;
  return {
    portalUrl: (path = '/', locale?: string) => url(path, '', locale),
    appOrigin: app.origin,
    baseline: base
      ? { portalUrl: (path = '/', locale?: string) => url(path, 'baseline', locale), appOrigin: base.origin }
      : null,
    close: async () => {
      await Promise.all([closeServer(portal), app.close(), base?.close(), api.close()]);
    },
  };
}
