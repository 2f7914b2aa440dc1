/**
 * The app server with a build's dist/headers.json: it sends exactly what the file says (the same
 * file deployers use), never serves the file itself; without the file it computes the headers
 * (app-server.test.ts).
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
const it = suite<Ctx>('app server: dist/headers.json');
const FILE = {
  basePath: '/',
  headers: {
    'Content-Security-Policy': "default-src 'self'; frame-ancestors https://from-the-file.example",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  },
  cacheControl: { '/index.html': 'no-cache, from-file', '/assets/main-AB12CD34.js': 'max-age=7' },
  defaultCacheControl: 'no-store',
};

it.before(async (ctx) => {
  ctx.dist = createFakeDist();
  writeFileSync(join(ctx.dist.root, 'headers.json'), JSON.stringify(FILE));
  writeFileSync(join(ctx.dist.root, '_headers'), '/*\n  X-Test: 1\n');
  ctx.api = await startFakeApiServer();
  ctx.app = await startAppServer({
    root: ctx.dist.root,
    apiTarget: ctx.api.url,
    frameAncestors: ['https://from-the-file.example'],
    port: 0,
  });
});
it.after(async (ctx) => {
  await ctx.app.close();
  await ctx.api.close();
  ctx.dist.remove();
});

it('sends the headers and Cache-Control the file gives, not computed ones', async ({ app, dist }) => {
  for (const path of ['/', '/view']) {
    const res = await rawRequest(`${app.origin}${path}`);
    assert.is(res.status, 200, path);
    assert.is(res.headers['content-security-policy'], FILE.headers['Content-Security-Policy'], path);
    assert.is(res.headers['referrer-policy'], 'same-origin', path);
    assert.is(res.headers['x-content-type-options'], 'nosniff', path);
    assert.is(res.headers['cache-control'], 'no-cache, from-file', path);
  }
  const js = await rawRequest(`${app.origin}${dist.scriptPath}`, { headers: { 'accept-encoding': 'br' } });
  assert.is(js.headers['content-encoding'], 'br');
  assert.is(js.headers['cache-control'], 'max-age=7');
  const other = await rawRequest(`${app.origin}/robots.txt`);
  assert.is(other.headers['cache-control'], 'no-store', 'defaultCacheControl for unlisted files');
});

it('frame-ancestors the file lacks are added (tests frame the app from odd parents)', async ({
  dist,
  api,
}) => {
  const app = await startAppServer({
    root: dist.root,
    apiTarget: api.url,
    frameAncestors: ['https://from-the-file.example', 'http://127.0.0.2:*'],
    port: 0,
  });
  try {
    const res = await rawRequest(app.url);
    assert.is(
      res.headers['content-security-policy'],
      "default-src 'self'; frame-ancestors https://from-the-file.example http://127.0.0.2:*",
    );
    assert.is(res.headers['referrer-policy'], 'same-origin');
  } finally {
    await app.close();
  }
});

it('never serves the deployment files themselves', async ({ app }) => {
  for (const path of ['/headers.json', '/_headers']) {
    assert.is((await rawRequest(`${app.origin}${path}`)).status, 404, path);
  }
});

it('a malformed headers.json stops the server from starting', async ({ dist, api }) => {
  const bad = createFakeDist();
  writeFileSync(join(bad.root, 'headers.json'), JSON.stringify({ headers: 'nope' }));
  try {
    await startAppServer({ root: bad.root, apiTarget: api.url, frameAncestors: [], port: 0 });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.match((err as Error).message, /headers\.json/);
  } finally {
    bad.remove();
  }
  assert.ok(dist.root);
});

it.run();
