/**
 * The keys, clock and claims the authenticator tests share: RS256, PS256 and ES256 keys served from a
 * local JWKS endpoint and written to a key directory, a fixed clock, and a good token's claims.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type KeyServer, startKeyServer } from './key-server.ts';
import { jwksOf, makeSigningKey, type SigningKey } from './signing-keys.ts';

/** The issuer the tests configure: Keycloak's realm URL form. */
export const ISSUER = 'https://sso.example.test/auth/realms/sunbird';

/** The audience the tests configure. */
export const AUDIENCE = 'notes-api';

/** The fixed "now" every authenticator in these tests checks against. */
export const NOW = new Date('2026-03-01T12:00:00Z');

/** NOW in seconds, as JWT dates are written. */
export const NOW_S = Math.floor(NOW.getTime() / 1000);

/** A learner's good claims (wid w1), with overrides. */
export const goodClaims = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  iss: ISSUER,
  aud: AUDIENCE,
  sub: 'f:5a8a3f2b-3409-42e0-9001-f913bc0fde31:w1',
  wid: 'w1',
  azp: 'portal',
  iat: NOW_S - 10,
  exp: NOW_S + 300,
  given_name: 'Asha',
  ...overrides,
});

/** The three keys, the key server (serving all three) and a directory with one PEM file per key. */
export type KeyFixture = {
  rs: SigningKey;
  ps: SigningKey;
  es: SigningKey;
  server: KeyServer;
  dir: string;
  close(): Promise<void>;
};

/** Makes the keys, starts the key server and writes the key directory (rs as `rs-1`, ps as `ps-1.pem`, es as `es-1`). */
export async function startKeyFixture(): Promise<KeyFixture> {
  const rs = await makeSigningKey('RS256', 'rs-1');
  const ps = await makeSigningKey('PS256', 'ps-1');
  const es = await makeSigningKey('ES256', 'es-1');
  const server = await startKeyServer(jwksOf(rs, ps, es));
  const dir = mkdtempSync(join(tmpdir(), 'notes-keys-'));
  writeFileSync(join(dir, 'rs-1'), rs.spkiPem);
  writeFileSync(join(dir, 'ps-1.pem'), ps.spkiPem);
  // Sunbird's own key files are often the bare base64 of the SPKI, without PEM armour.
  writeFileSync(join(dir, 'es-1'), es.spkiPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
  return {
    rs,
    ps,
    es,
    server,
    dir,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
