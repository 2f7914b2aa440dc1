import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PLAYER_DATA, SEEDED_USERS } from '../../../harness/api/seed.ts';
import { type RunningParentServer, startParentServer } from '../../../harness/serve/parent-server.ts';
import { rawRequest } from '../support/raw-http.ts';

const APP = 'http://127.0.0.1:4300';
const it = suite<{ parent: RunningParentServer; minted: string[] }>('parent server');

const config = {
  appOrigin: APP,
  initial: {
    locale: 'fr' as const,
    theme: 'light-green' as const,
    darkMode: true,
    fontSize: 'large' as const,
    frameWidth: 800,
    user: 'lukas',
    route: '/view' as const,
    playerData: true,
  },
  users: SEEDED_USERS,
  playerData: DEMO_PLAYER_DATA,
};

it.before(async (ctx) => {
  ctx.minted = [];
  ctx.parent = await startParentServer({
    origin: 'http://127.0.0.1:0',
    config,
    assets: { js: 'console.log("page");', css: 'body{}' },
    mintToken: (name) => {
      if (!SEEDED_USERS.some((u) => u.name === name)) return undefined;
      ctx.minted.push(name);
      return `token-for-${name}-${ctx.minted.length}`;
    },
  });
});
it.after(async (ctx) => ctx.parent.close());

it('serves the page with its config, a fresh token for the starting learner, and a tight CSP', async ({
  parent,
  minted,
}) => {
  const res = await rawRequest(parent.url);
  assert.is(res.status, 200);
  assert.match(String(res.headers['content-type']), /^text\/html/);
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, /frame-src http:\/\/127\.0\.0\.1:4300/);
  assert.match(csp, /script-src 'self'/);
  assert.not.match(csp, /unsafe-inline/);
  const html = res.body.toString();
  const json = html.match(/<script type="application\/json" id="harness-config">(.*?)<\/script>/s)![1]!;
  const inlined = JSON.parse(json);
  assert.is(inlined.appOrigin, APP);
  assert.is(inlined.initial.user, 'lukas');
  assert.is(inlined.token, 'token-for-lukas-1');
  assert.equal(minted, ['lukas']);
  assert.match(html, /<iframe id="app-frame" title="Notes"/);
  assert.match(html, /<script type="module" src="\/parent\.js"><\/script>/);
});

it('mints a token per request for a seeded learner; unknown names get 400 JSON', async ({ parent }) => {
  const ok = await rawRequest(`${parent.url}harness/token?user=amira`);
  assert.is(ok.status, 200);
  assert.is(ok.headers['cache-control'], 'no-store');
  assert.match(JSON.parse(ok.body.toString()).token, /^token-for-amira-\d+$/);
  const bad = await rawRequest(`${parent.url}harness/token?user=${encodeURIComponent('<script>')}`);
  assert.is(bad.status, 400);
  assert.match(JSON.parse(bad.body.toString()).error, /unknown user/);
  const none = await rawRequest(`${parent.url}harness/token`);
  assert.is(none.status, 400);
});

it('serves the bundled script and stylesheet with the right types', async ({ parent }) => {
  const js = await rawRequest(`${parent.url}parent.js`);
  assert.match(String(js.headers['content-type']), /^text\/javascript/);
  assert.is(js.body.toString(), 'console.log("page");');
  const css = await rawRequest(`${parent.url}parent.css`);
  assert.match(String(css.headers['content-type']), /^text\/css/);
});

it('answers other paths 404 and other methods 405, and keeps running', async ({ parent }) => {
  assert.is((await rawRequest(`${parent.url}nope`)).status, 404);
  const post = await rawRequest(parent.url, { method: 'POST', body: 'x' });
  assert.is(post.status, 405);
  assert.is(post.headers.allow, 'GET, HEAD');
  assert.is((await rawRequest(parent.url)).status, 200);
});

it('a busy port rejects with EADDRINUSE', async ({ parent }) => {
  try {
    await startParentServer({
      origin: `http://127.0.0.1:${parent.port}`,
      config,
      assets: { js: '', css: '' },
      mintToken: () => 't',
    });
    assert.unreachable();
  } catch (err) {
    assert.is((err as NodeJS.ErrnoException).code, 'EADDRINUSE');
  }
});

it('DNS rebinding: a request for another Host gets no page and no token', async ({ parent, minted }) => {
  const before = minted.length;
  for (const path of ['/', '/harness/token?user=lukas']) {
    for (const host of ['evil.example', `evil.example:${parent.port}`, `localhost:${parent.port}`]) {
      const res = await rawRequest(`${parent.url.replace(/\/$/, '')}${path}`, { headers: { Host: host } });
      assert.is(res.status, 421, `${path} with Host ${host}`);
      assert.not.match(res.body.toString(), /token-for/);
    }
  }
  assert.is(minted.length, before, 'nothing minted');
  const ok = await rawRequest(`${parent.url}harness/token?user=lukas`);
  assert.is(ok.status, 200, 'the parent origin itself still gets its token');
});

it.run();
