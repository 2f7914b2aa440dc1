/**
 * The attack table through the service itself (issue 25's "each answered 401 with nothing stored"):
 * the real app on a real SQLite store, the real authenticator on a JWKS served on 127.0.0.1. Every
 * attack's add is a 401 with `WWW-Authenticate: Bearer`, stores nothing, and leaves no token in any
 * log line; then the good token's add is stored, as the control.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAuthenticator } from '../../../server/src/auth/index.ts';
import { type AppFixture, newNoteBody, startApp } from '../support/app-fixture.ts';
import { signWith } from '../support/signing-keys.ts';
import { attacks } from '../support/token-attacks.ts';
import {
  AUDIENCE,
  goodClaims,
  ISSUER,
  type KeyFixture,
  NOW,
  startKeyFixture,
} from '../support/token-fixture.ts';

type Ctx = { fx: KeyFixture; app: AppFixture };
const http = suite<Ctx>('attack table through the service', {} as Ctx);
const W1 = { rootOrg: 'ro', org: 'o', wid: 'w1' };

http.before(async (ctx) => {
  ctx.fx = await startKeyFixture();
  const authenticator = await createAuthenticator({
    mode: 'keys',
    jwksUrl: ctx.fx.server.url,
    issuer: ISSUER,
    audience: AUDIENCE,
    algorithms: ['RS256', 'ES256'],
    jwksCooldownMs: 0,
    now: () => NOW,
  });
  ctx.app = await startApp({ authenticator });
});
http.after(async (ctx) => {
  await ctx.app.stop();
  await ctx.fx.close();
});

http(
  'every attack is a 401 that stores nothing and logs no token; the good token then adds',
  async ({ fx, app }) => {
    const tokens: string[] = [];
    for (const attack of attacks(fx)) {
      const token = await attack.token();
      tokens.push(token);
      const learner = { ...W1, wid: attack.wid ?? 'w1' };
      const client = app.client(learner, token);
      const headers =
        attack.headerName === undefined ? {} : { authorization: undefined, [attack.headerName]: token };
      const r = await client.post('/notes/add', newNoteBody(), headers);
      assert.is(r.status, 401, `${attack.name}: ${r.body}`);
      assert.is(r.headers['www-authenticate'], 'Bearer', attack.name);
      assert.match((r.json as { error: string }).error, attack.why, attack.name);
      assert.not.ok(r.body.includes(token.slice(-24)), `${attack.name}: the answer quotes the token`);
    }
    const page = await app.store.fetch(W1, { order: 'newest', limit: 100 });
    assert.is(page.total, 0, 'nothing was stored');
    for (const line of app.logs)
      for (const token of tokens) assert.not.ok(line.includes(token.slice(-24)), 'a log line holds a token');

    const good = await signWith(fx.rs, goodClaims());
    const added = await app.client(W1, good).post('/notes/add', newNoteBody());
    assert.is(added.status, 201, added.body);
    assert.is((await app.store.fetch(W1, { order: 'newest', limit: 100 })).total, 1);
    for (const line of app.logs)
      assert.not.ok(line.includes(good.slice(-24)), 'a log line holds the good token');
  },
);

http.run();
