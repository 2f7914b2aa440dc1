/**
 * The memory of verified tokens (server/src/auth/verified-tokens.ts): a verification is reused for
 * at most its ttl and never past the token's exp, the oldest go first when full, and through the
 * authenticator a remembered token still meets every per-request check (the wid header) and
 * expires on the authenticator's clock with the verifier's own words.
 */
import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAuthenticator } from '../../../server/src/auth/index.ts';
import { verifiedTokens } from '../../../server/src/auth/verified-tokens.ts';
import { apiHeaders } from '../support/auth-headers.ts';
import { signWith } from '../support/signing-keys.ts';
import {
  goodClaims,
  ISSUER,
  type KeyFixture,
  NOW,
  NOW_S,
  startKeyFixture,
} from '../support/token-fixture.ts';

const at = (s: number) => new Date((NOW_S + s) * 1000);

test('a verification is reused within its ttl, never past exp, and the oldest goes first', () => {
  const v = verifiedTokens({ ttlMs: 10_000, max: 2 });
  v.set('a', { exp: NOW_S + 5 }, at(0));
  assert.equal(v.get('a', at(4)), { exp: NOW_S + 5 });
  assert.is(v.get('a', at(5)), undefined, 'not at exp');
  v.set('b', { exp: NOW_S + 100 }, at(0));
  assert.ok(v.get('b', at(9)));
  assert.is(v.get('b', at(10)), undefined, 'not past the ttl');
  v.set('c', { exp: NOW_S + 100 }, at(0));
  v.set('d', { exp: NOW_S + 100 }, at(0));
  v.set('e', { exp: NOW_S + 100 }, at(0));
  assert.is(v.get('c', at(1)), undefined, 'the oldest went when full');
  assert.ok(v.get('d', at(1)));
  assert.ok(v.get('e', at(1)));
  v.set('f', { sub: 'no exp' }, at(0));
  assert.is(v.get('f', at(0)), undefined, 'nothing without exp is kept');
  v.set('g', { exp: NOW_S - 1 }, at(0));
  assert.is(v.get('g', at(0)), undefined, 'an expired one is not kept');
});

type Ctx = { fx: KeyFixture };
const through = suite<Ctx>('through the authenticator', {} as Ctx);
through.before(async (ctx) => {
  ctx.fx = await startKeyFixture();
});
through.after(async (ctx) => {
  await ctx.fx.close();
});

through('a remembered token still needs its wid header and expires on the clock', async ({ fx }) => {
  let now = NOW;
  const a = await createAuthenticator({
    mode: 'keys',
    publicKeysDir: fx.dir,
    issuer: ISSUER,
    now: () => now,
  });
  const token = await signWith(fx.rs, goodClaims({ exp: NOW_S + 60 }));
  assert.ok((await a.authenticate(apiHeaders(token, 'w1'))).ok);
  assert.ok((await a.authenticate(apiHeaders(token, 'w1'))).ok, 'again, from memory');
  const other = await a.authenticate(apiHeaders(token, 'w2'));
  assert.equal(other, {
    ok: false,
    status: 401,
    error: "Unauthorized: wid header does not match the token's wid",
  });
  now = new Date((NOW_S + 60 + 61) * 1000); // past exp and the 60 s leeway
  const late = await a.authenticate(apiHeaders(token, 'w1'));
  assert.equal(late, { ok: false, status: 401, error: 'Unauthorized: token has expired' });
  a.close();
});

test.run();
through.run();
