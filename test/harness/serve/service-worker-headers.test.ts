/**
 * The app server's answer for the service worker script (src/sw/): served plain JavaScript at the
 * base with no-cache, the deployment CSP (worker-src 'self') and no Service-Worker-Allowed — the
 * script sits at the top of its scope, so none is needed. A missing sw.js is a 404, never index.html:
 * browsers keep a registered worker when its update answers 404, so the app must not hide that.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningAppServer, startAppServer } from '../../../harness/serve/app-server.ts';
import { type FakeApiServer, startFakeApiServer } from '../../fakes/fake-api-server.ts';
import { createFakeDist, type FakeDist } from '../../fakes/fake-dist.ts';
import { rawRequest } from '../support/raw-http.ts';

type Ctx = { dist: FakeDist; api: FakeApiServer; app: RunningAppServer };
const it = suite<Ctx>('app server: the service worker script');
const WORKER = '/* Notes service worker */ self.addEventListener("fetch", () => {});';

it.before(async (ctx) => {
  ctx.dist = createFakeDist();
  writeFileSync(join(ctx.dist.root, 'sw.js'), WORKER);
  ctx.api = await startFakeApiServer();
  ctx.app = await startAppServer({
    root: ctx.dist.root,
    apiTarget: ctx.api.url,
    frameAncestors: ['http://localhost:*'],
    port: 0,
  });
});
it.after(async (ctx) => {
  await ctx.app.close();
  await ctx.api.close();
  ctx.dist.remove();
});

it('sw.js: JavaScript, revalidated every time, under the CSP with worker-src', async ({ app }) => {
  const res = await rawRequest(`${app.origin}/sw.js`, { headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(res.status, 200);
  assert.match(String(res.headers['content-type']), /javascript/);
  assert.is(res.headers['cache-control'], 'no-cache');
  assert.match(String(res.headers['content-security-policy']), /(^|; )worker-src 'self'(;|$)/);
  assert.is(res.headers['service-worker-allowed'], undefined);
  assert.is(res.body.toString('utf8'), WORKER, 'served as written (no stale .br sibling can win)');
});

it('a missing worker script is a 404, not the SPA fallback', async ({ app }) => {
  const res = await rawRequest(`${app.origin}/sw-missing.js`);
  assert.is(res.status, 404);
});

it.run();
