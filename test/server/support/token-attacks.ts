/**
 * The token attack table of issue 25, as tokens: each forged, stale or misdirected token, the learner
 * header it is sent with, and the reason a refusal must give. Shared by the authenticator's table and
 * the one run through the HTTP app.
 */
import { randomBytes } from 'node:crypto';
import { makeSigningKey, signHs256, signWith, unsignedToken, withPayload } from './signing-keys.ts';
import { goodClaims, ISSUER, type KeyFixture, NOW_S } from './token-fixture.ts';

/** One attack: the token, the wid header (default w1), the header it travels in, and the reason. */
export type Attack = {
  name: string;
  token: () => Promise<string>;
  wid?: string;
  why: RegExp;
  headerName?: string;
};

/** The attacks; `fx` supplies the trusted keys (the config lists RS256 and ES256). */
export function attacks(fx: KeyFixture): Attack[] {
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
