/**
 * `--jwks-url`: the key set is fetched lazily, cached, fetched again for an unknown kid (a rotated-in
 * key is accepted), with a cooldown against bursts of forged kids; a down key server is a 401, never a
 * throw, and the next request after it is back succeeds. Fetches are counted on the test's own server.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type AuthConfig, createAuthenticator } from '../../../server/src/auth/index.ts';
import { apiHeaders } from '../support/auth-headers.ts';
import { deadUrl, startKeyServer } from '../support/key-server.ts';
import { jwksOf, makeSigningKey, signWith } from '../support/signing-keys.ts';
import { goodClaims, ISSUER, type KeyFixture, NOW, startKeyFixture } from '../support/token-fixture.ts';

type Ctx = { fx: KeyFixture };
const jwks = suite<Ctx>('jwks', {} as Ctx);
jwks.before(async (ctx) => {
  ctx.fx = await startKeyFixture();
});
jwks.after(async (ctx) => {
  await ctx.fx.close();
});

const config = (url: string, over: Partial<Extract<AuthConfig, { mode: 'keys' }>> = {}): AuthConfig => ({
  mode: 'keys',
  jwksUrl: url,
  issuer: ISSUER,
  now: () => NOW,
  ...over,
});

jwks('fetched on the first token, then cached', async ({ fx }) => {
  const start = fx.server.fetches();
  const auth = await createAuthenticator(config(fx.server.url));
  assert.is(fx.server.fetches(), start, 'nothing is fetched before a token arrives');
  const token = await signWith(fx.rs, goodClaims());
  for (let i = 0; i < 20; i++) assert.ok((await auth.authenticate(apiHeaders(token, 'w1'))).ok);
  assert.is(fx.server.fetches() - start, 1);
  auth.close();
});

jwks('RS256, PS256 and ES256 are accepted when listed (the default list)', async ({ fx }) => {
  const auth = await createAuthenticator(config(fx.server.url));
  for (const key of [fx.rs, fx.ps, fx.es]) {
    const r = await auth.authenticate(apiHeaders(await signWith(key, goodClaims()), 'w1'));
    assert.ok(r.ok, `${key.alg}: ${JSON.stringify(r)}`);
  }
  auth.close();
});

jwks(
  'the list is an allow-list: PS256 refused when only RS256 is listed, accepted when PS256 is',
  async ({ fx }) => {
    const token = await signWith(fx.ps, goodClaims());
    const rsOnly = await createAuthenticator(config(fx.server.url, { algorithms: ['RS256'] }));
    assert.equal(await rsOnly.authenticate(apiHeaders(token, 'w1')), {
      ok: false,
      status: 401,
      error: 'Unauthorized: token algorithm is not allowed',
    });
    const psOnly = await createAuthenticator(config(fx.server.url, { algorithms: ['PS256'] }));
    assert.ok((await psOnly.authenticate(apiHeaders(token, 'w1'))).ok);
    const rsToken = await signWith(fx.rs, goodClaims());
    assert.not.ok((await psOnly.authenticate(apiHeaders(rsToken, 'w1'))).ok);
    rsOnly.close();
    psOnly.close();
  },
);

jwks('a key rotated in after the set was cached is fetched on its first token and accepted', async () => {
  const old = await makeSigningKey('RS256', 'old');
  const next = await makeSigningKey('RS256', 'next');
  const server = await startKeyServer(jwksOf(old));
  const auth = await createAuthenticator(config(server.url, { jwksCooldownMs: 0 }));
  assert.ok((await auth.authenticate(apiHeaders(await signWith(old, goodClaims()), 'w1'))).ok);
  server.setKeys(jwksOf(old, next));
  assert.ok((await auth.authenticate(apiHeaders(await signWith(next, goodClaims()), 'w1'))).ok);
  assert.is(server.fetches(), 2);
  auth.close();
  await server.close();
});

jwks('an unknown kid is fetched for once more, then refused', async () => {
  const key = await makeSigningKey('RS256', 'k');
  const server = await startKeyServer(jwksOf(key));
  const auth = await createAuthenticator(config(server.url, { jwksCooldownMs: 0 }));
  assert.ok((await auth.authenticate(apiHeaders(await signWith(key, goodClaims()), 'w1'))).ok);
  const stranger = await signWith(await makeSigningKey('RS256', 'stranger'), goodClaims());
  const r = await auth.authenticate(apiHeaders(stranger, 'w1'));
  assert.equal(r, { ok: false, status: 401, error: 'Unauthorized: token signing key is unknown' });
  assert.is(server.fetches(), 2);
  auth.close();
  await server.close();
});

jwks('cooldown: a burst of 50 unknown kids right after a fetch costs no further fetch', async () => {
  const key = await makeSigningKey('ES256', 'k');
  const server = await startKeyServer(jwksOf(key));
  const auth = await createAuthenticator(config(server.url)); // the default 30 s cooldown
  assert.ok((await auth.authenticate(apiHeaders(await signWith(key, goodClaims()), 'w1'))).ok);
  const forged = await Promise.all(
    Array.from({ length: 50 }, async (_, i) =>
      signWith(await makeSigningKey('ES256', `forged-${i}`), goodClaims()),
    ),
  );
  const results = await Promise.all(forged.map((t) => auth.authenticate(apiHeaders(t, 'w1'))));
  for (const r of results)
    assert.equal(r, { ok: false, status: 401, error: 'Unauthorized: token signing key is unknown' });
  assert.is(server.fetches(), 1);
  auth.close();
  await server.close();
});

jwks('a concurrent first burst shares one fetch', async () => {
  const key = await makeSigningKey('RS256', 'k');
  const server = await startKeyServer(jwksOf(key));
  const auth = await createAuthenticator(config(server.url));
  const token = await signWith(key, goodClaims());
  const results = await Promise.all(
    Array.from({ length: 30 }, () => auth.authenticate(apiHeaders(token, 'w1'))),
  );
  assert.ok(results.every((r) => r.ok));
  assert.is(server.fetches(), 1);
  auth.close();
  await server.close();
});

jwks(
  'the key server down (refused, 503, non-JSON, hanging) is a 401, and the next request after it recovers succeeds',
  async () => {
    const key = await makeSigningKey('RS256', 'k');
    const token = await signWith(key, goodClaims());
    const down = { ok: false, status: 401, error: 'Unauthorized: the signing keys could not be fetched' };

    const nobody = await createAuthenticator(config(await deadUrl(), { jwksCooldownMs: 0 }));
    assert.equal(await nobody.authenticate(apiHeaders(token, 'w1')), down);
    nobody.close();

    const server = await startKeyServer(jwksOf(key));
    const auth = await createAuthenticator(config(server.url, { jwksCooldownMs: 0, jwksTimeoutMs: 300 }));
    for (const mode of ['error', 'garbage', 'hang'] as const) {
      server.setMode(mode);
      assert.equal(await auth.authenticate(apiHeaders(token, 'w1')), down, mode);
    }
    server.setMode('up');
    assert.ok((await auth.authenticate(apiHeaders(token, 'w1'))).ok, 'recovers once the key server is back');
    auth.close();
    await server.close();
  },
);

jwks('after a failed first fetch, requests within the retry pause do not fetch again', async () => {
  const key = await makeSigningKey('RS256', 'k');
  const server = await startKeyServer(jwksOf(key));
  server.setMode('error');
  const auth = await createAuthenticator(config(server.url)); // pause = min(30 s cooldown, 5 s)
  const token = await signWith(key, goodClaims());
  for (let i = 0; i < 10; i++) assert.not.ok((await auth.authenticate(apiHeaders(token, 'w1'))).ok);
  assert.is(server.fetches(), 1);
  auth.close();
  await server.close();
});

jwks('a stale set is refreshed in the background, and kept while the key server is down', async () => {
  const key = await makeSigningKey('RS256', 'k');
  const server = await startKeyServer(jwksOf(key));
  const auth = await createAuthenticator(config(server.url, { jwksMaxAgeMs: 0, jwksCooldownMs: 0 }));
  const token = await signWith(key, goodClaims());
  assert.ok((await auth.authenticate(apiHeaders(token, 'w1'))).ok);
  server.setMode('error');
  for (let i = 0; i < 3; i++) {
    // A new token each time: a token verified once is remembered (verified-tokens.ts) and would not
    // reach the key set again.
    const fresh = await signWith(key, goodClaims({ jti: `fresh-${i}` }));
    assert.ok((await auth.authenticate(apiHeaders(fresh, 'w1'))).ok, 'the cached keys still verify');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(server.fetches() >= 2, 'a refresh was tried');
  auth.close();
  await server.close();
});

jwks.run();
