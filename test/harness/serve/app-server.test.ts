import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IMMUTABLE } from '../../../harness/serve/app-headers.ts';
import { type RunningAppServer, startAppServer } from '../../../harness/serve/app-server.ts';
import { type FakeApiServer, startFakeApiServer } from '../../fakes/fake-api-server.ts';
import { createFakeDist, type FakeDist } from '../../fakes/fake-dist.ts';
import { rawRequest } from '../support/raw-http.ts';

type Ctx = { dist: FakeDist; api: FakeApiServer; app: RunningAppServer };
const it = suite<Ctx>('app server');
const ANCESTORS = ['https://infosysapps.com', 'https://*.infosysapps.com', 'http://localhost:*'];

it.before(async (ctx) => {
  ctx.dist = createFakeDist();
  ctx.api = await startFakeApiServer();
  ctx.app = await startAppServer({
    root: ctx.dist.root,
    apiTarget: ctx.api.url,
    frameAncestors: ANCESTORS,
    port: 0,
  });
});
it.after(async (ctx) => {
  await ctx.app.close();
  await ctx.api.close();
  ctx.dist.remove();
});

it('serves index.html at / with no-cache and the security headers', async ({ app, dist }) => {
  const res = await rawRequest(app.url);
  assert.is(res.status, 200);
  assert.is(res.body.toString(), dist.indexHtml);
  assert.is(res.headers['cache-control'], 'no-cache');
  assert.match(String(res.headers['content-type']), /text\/html/);
  assert.is(res.headers['x-content-type-options'], 'nosniff');
  assert.is(res.headers['referrer-policy'], 'no-referrer');
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /connect-src 'self'/);
  assert.match(csp, /img-src 'self' data: blob:/);
  assert.match(
    csp,
    /frame-ancestors https:\/\/infosysapps\.com https:\/\/\*\.infosysapps\.com http:\/\/localhost:\*$/,
  );
});

it('falls back to index.html for client routes, not for missing files', async ({ app, dist }) => {
  for (const route of ['view', 'course', 'some/deep/route?x=1']) {
    const res = await rawRequest(`${app.url}${route}`);
    assert.is(res.status, 200, route);
    assert.is(res.body.toString(), dist.indexHtml, route);
    assert.is(res.headers['cache-control'], 'no-cache', route);
  }
  const missing = await rawRequest(`${app.url}assets/nope-ZZZZZZZZ.js`);
  assert.is(missing.status, 404);
});

it('marks hashed assets and locales immutable, other files not', async ({ app, dist }) => {
  const js = await rawRequest(`${app.origin}${dist.scriptPath}`);
  assert.is(js.status, 200);
  assert.is(js.headers['cache-control'], IMMUTABLE);
  assert.match(String(js.headers['content-type']), /javascript/);
  const locale = await rawRequest(`${app.origin}${dist.localePath}`);
  assert.is(locale.headers['cache-control'], IMMUTABLE);
  const robots = await rawRequest(`${app.url}robots.txt`);
  assert.is(robots.headers['cache-control'], 'no-cache');
});

it('negotiates brotli, then gzip, then identity from Accept-Encoding', async ({ app, dist }) => {
  const url = `${app.origin}${dist.scriptPath}`;
  const br = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(br.body).toString(), dist.script);
  assert.match(String(br.headers.vary), /Accept-Encoding/);
  assert.match(String(br.headers['content-type']), /javascript/);
  const gz = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gz.body).toString(), dist.script);
  const plain = await rawRequest(url);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.body.toString(), dist.script);
  const html = await rawRequest(`${app.url}view`, { headers: { 'Accept-Encoding': 'br' } });
  assert.is(html.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(html.body).toString(), dist.indexHtml);
});

it('never serves dotfiles', async ({ app }) => {
  const res = await rawRequest(`${app.url}.env`);
  assert.is(res.status, 404);
  assert.not.match(res.body.toString(), /do-not-serve/);
});

it('proxies /api/v1 unchanged: method, path, query, headers, body and answer', async ({ app, api }) => {
  const body = Buffer.alloc(300_000, 7);
  const res = await rawRequest(`${app.url}api/v1/file/upload?x=1`, {
    method: 'POST',
    headers: { Authorization: 'Bearer abc', wid: 'w1', 'Content-Type': 'application/octet-stream' },
    body,
  });
  assert.is(res.status, 201);
  assert.is(res.headers['x-fake-api'], 'yes');
  assert.equal(JSON.parse(res.body.toString()), {
    method: 'POST',
    url: '/api/v1/file/upload?x=1',
    bytes: body.length,
  });
  const seen = api.requests.at(-1)!;
  assert.is(seen.headers.authorization, 'Bearer abc');
  assert.is(seen.headers.wid, 'w1');
  assert.ok(seen.body.equals(body));
  assert.is(res.headers['content-security-policy'], undefined);
});

it('does not proxy look-alike paths', async ({ app, api }) => {
  const before = api.requests.length;
  const res = await rawRequest(`${app.url}api/v10/notes`);
  assert.is(res.status, 200); // SPA fallback, not the API
  assert.is(api.requests.length, before);
});

it('answers 502 JSON when the API is down, and keeps serving', async ({ dist }) => {
  const dead = await startFakeApiServer();
  const target = dead.url;
  await dead.close();
  const app = await startAppServer({
    root: dist.root,
    apiTarget: target,
    frameAncestors: ANCESTORS,
    port: 0,
  });
  try {
    const res = await rawRequest(`${app.url}api/v1/notes/recent`);
    assert.is(res.status, 502);
    assert.match(JSON.parse(res.body.toString()).error, /not reachable/);
    assert.is((await rawRequest(app.url)).status, 200);
  } finally {
    await app.close();
  }
});

it('rejects with EADDRINUSE on a busy port', async ({ dist, app, api }) => {
  try {
    await startAppServer({ root: dist.root, apiTarget: api.url, frameAncestors: ANCESTORS, port: app.port });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.is((err as NodeJS.ErrnoException).code, 'EADDRINUSE');
  }
});

it.run();
