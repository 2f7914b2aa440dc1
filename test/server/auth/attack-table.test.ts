/**
 * The token attack table of issue 25, against both key sources (a JWKS served on 127.0.0.1, and a
 * directory of PEM files): every forged, stale or misdirected token is a 401 whose message does not
 * contain the token, and the good token next to them passes.
 */
import { randomBytes } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type AuthConfig, type Authenticator, createAuthenticator } from '../../../server/src/auth/index.ts';
import { apiHeaders } from '../support/auth-headers.ts';
import { makeSigningKey, signHs256, signWith, unsignedToken, withPayload } from '../support/signing-keys.ts';
import {
  AUDIENCE,
  goodClaims,
  ISSUER,
  type KeyFixture,
  NOW,
  NOW_S,
  startKeyFixture,
} from '../support/token-fixture.ts';

type Ctx = { fx: KeyFixture };
type Attack = { name: string; token: () => Promise<string>; wid?: string; why: RegExp; headerName?: string };

/** The attacks; `fx` supplies the trusted keys. */
function attacks(fx: KeyFixture): Attack[] {
  const { rs, ps } = fx;
  return [
    { name: 'expired', token: () => signWith(rs, goodClaims({ exp: NOW_S - 31 })), why: /expired/ },
    {
      name: 'nbf in the future',
      token: () => signWith(rs, goodClaims({ nbf: NOW_S + 31 })),
      why: /not valid yet/,
    },
    {
      name: 'wrong iss',
      token: () => signWith(rs, goodClaims({ iss: `${ISSUER}-other` })),
      why: /iss claim/,
    },
    {
      name: 'iss differing by a slash',
      token: () => signWith(rs, goodClaims({ iss: `${ISSUER}/` })),
      why: /iss claim/,
    },
    { name: 'no iss', token: () => signWith(rs, goodClaims({ iss: undefined })), why: /no iss claim/ },
    { name: 'wrong aud', token: () => signWith(rs, goodClaims({ aud: 'another-api' })), why: /aud claim/ },
    {
      name: 'alg none',
      token: async () => unsignedToken(goodClaims(), { kid: rs.kid }),
      why: /algorithm is not allowed/,
    },
    {
      name: 'HS256 keyed with the RSA public key (PEM text)',
      token: async () => signHs256({ kid: rs.kid }, goodClaims(), rs.spkiPem),
      why: /algorithm is not allowed/,
    },
    {
      name: 'HS256 keyed with the RSA public key (JWK JSON)',
      token: async () => signHs256({ kid: rs.kid }, goodClaims(), JSON.stringify(rs.publicJwk)),
      why: /algorithm is not allowed/,
    },
    {
      name: 'HS256 keyed with the RSA public key (JWK modulus bytes)',
      token: async () =>
        signHs256({ kid: rs.kid }, goodClaims(), Buffer.from(String(rs.publicJwk.n), 'base64url')),
      why: /algorithm is not allowed/,
    },
    {
      name: 'unknown kid',
      token: async () => signWith(await makeSigningKey('RS256', 'rs-unknown'), goodClaims()),
      why: /signing key is unknown/,
    },
    {
      name: "a trusted kid on another key's signature",
      token: async () => signWith(await makeSigningKey('RS256', 'x'), goodClaims(), { kid: rs.kid }),
      why: /signature is invalid/,
    },
    {
      name: 'tampered payload',
      token: async () => withPayload(await signWith(rs, goodClaims({ wid: 'w2' })), goodClaims()),
      why: /signature is invalid/,
    },
    {
      name: "another learner's token with this learner's wid header",
      token: () => signWith(rs, goodClaims({ wid: 'w2', sub: 'f:abc:w2' })),
      why: /does not match/,
    },
    { name: 'missing exp', token: () => signWith(rs, goodClaims({ exp: undefined })), why: /no exp claim/ },
    {
      name: 'exp not a number',
      token: () => signWith(rs, goodClaims({ exp: 'tomorrow' })),
      why: /exp claim/,
    },
    {
      name: '16 kB of garbage',
      token: async () =>
        randomBytes(12 * 1024)
          .toString('base64url')
          .slice(0, 16 * 1024),
      why: /not a JWT/,
    },
    {
      name: '16 kB of garbage shaped like a JWT',
      token: async () => {
        const part = randomBytes(4 * 1024).toString('base64url');
        return `${part}.${part}.${part}`.slice(0, 16 * 1024);
      },
      why: /not a valid JWT/,
    },
    {
      name: '16 kB of garbage in x-authenticated-user-token',
      token: async () =>
        randomBytes(12 * 1024)
          .toString('base64url')
          .slice(0, 16 * 1024),
      headerName: 'x-authenticated-user-token',
      why: /not a JWT/,
    },
    { name: 'over 16 kB', token: async () => `${'a'.repeat(9000)}.${'b'.repeat(9000)}.c`, why: /too long/ },
    {
      name: 'PS256 when not listed (RS256, ES256 are)',
      token: () => signWith(ps, goodClaims()),
      why: /algorithm is not allowed/,
    },
    {
      name: 'an ES256 signature naming the RSA key',
      token: () => signWith(fx.es, goodClaims(), { kid: rs.kid }),
      why: /signing key is unknown|could not be verified/,
    },
  ];
}

/** Runs the table against one key source. */
function table(label: string, configFor: (fx: KeyFixture) => AuthConfig, countsFetches: boolean) {
  const t = suite<Ctx>(`attack table (${label})`, {} as Ctx);
  t.before(async (ctx) => {
    ctx.fx = await startKeyFixture();
  });
  t.after(async (ctx) => {
    await ctx.fx.close();
  });

  t('the good token passes (the control)', async ({ fx }) => {
    const auth = await createAuthenticator(configFor(fx));
    const r = await auth.authenticate(apiHeaders(await signWith(fx.rs, goodClaims()), 'w1'));
    assert.ok(r.ok, JSON.stringify(r));
    auth.close();
  });

  t('every attack is a 401 whose message does not contain the token', async ({ fx }) => {
    const auth: Authenticator = await createAuthenticator(configFor(fx));
    await auth.authenticate(apiHeaders(await signWith(fx.rs, goodClaims()), 'w1')); // the key set is loaded
    const seen: string[] = [];
    for (const attack of attacks(fx)) {
      const token = await attack.token();
      const before = fx.server.fetches();
      const headers =
        attack.headerName === undefined
          ? apiHeaders(token, attack.wid ?? 'w1')
          : apiHeaders('', attack.wid ?? 'w1', { authorization: undefined, [attack.headerName]: token });
      const r = await auth.authenticate(headers);
      seen.push(`${attack.name}: ${r.ok ? 'ACCEPTED' : `${r.status} ${r.error}`}`);
      assert.not.ok(r.ok, `${attack.name} was accepted`);
      if (r.ok) continue;
      assert.is(r.status, 401, `${attack.name}: ${r.error}`);
      assert.match(r.error, attack.why, `${attack.name}: ${r.error}`);
      assert.match(r.error, /^Unauthorized: /);
      for (let i = 0; i + 12 <= token.length; i += 12)
        assert.not.ok(
          r.error.includes(token.slice(i, i + 12)),
          `${attack.name}: the message quotes the token`,
        );
      if (countsFetches && attack.name === 'unknown kid')
        assert.is(
          fx.server.fetches() - before,
          1,
          'an unknown kid fetches the key set once more, then is refused',
        );
    }
    if (process.env.NOTES_PRINT_ATTACKS) console.log(seen.join('\n'));
    auth.close();
  });

  t.run();
}

const base = {
  mode: 'keys' as const,
  issuer: ISSUER,
  audience: AUDIENCE,
  algorithms: ['RS256', 'ES256'],
  now: () => NOW,
};

// A cooldown of 0 lets each unknown kid fetch once more, so the table can count that fetch.
table('JWKS URL', (fx) => ({ ...base, jwksUrl: fx.server.url, jwksCooldownMs: 0 }), true);
table('public keys directory', (fx) => ({ ...base, publicKeysDir: fx.dir }), false);
