/**
 * Real key pairs for token tests, made by jose at test time (no key material in the repo), and the
 * tokens they sign: good ones, and the forged kinds the attack table needs.
 */
import { createHmac } from 'node:crypto';
import { type CryptoKey, exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from 'jose';

/** One signing key: its kid and alg, the private half, and the public half as a JWK and as SPKI PEM. */
export type SigningKey = { kid: string; alg: string; privateKey: CryptoKey; publicJwk: JWK; spkiPem: string };

/** A fresh key pair for `alg` (RS256, PS256, ES256, …) named `kid`. */
export async function makeSigningKey(alg: string, kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk, spkiPem: await exportSPKI(publicKey) };
}

/** A JWKS document holding these keys' public halves. */
export const jwksOf = (...keys: SigningKey[]): { keys: JWK[] } => ({ keys: keys.map((k) => k.publicJwk) });

/** Options for `signWith`: a different `kid` or `alg` in the header, or none at all. */
export type SignOptions = { kid?: string | null; alg?: string };

/** Signs `claims` as given (no defaults added) with the key; the header names its kid unless told otherwise. */
export async function signWith(
  key: SigningKey,
  claims: Record<string, unknown>,
  options: SignOptions = {},
): Promise<string> {
  const kid = options.kid === undefined ? key.kid : options.kid;
  const header = { alg: options.alg ?? key.alg, typ: 'JWT', ...(kid === null ? {} : { kid }) };
  return new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey);
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with HMAC-SHA256 under any secret: the "public key as HS256 secret" forgery, done by hand. */
export function signHs256(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  secret: string | Buffer,
): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT', ...header })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** An `alg: none` token with an empty signature. */
export const unsignedToken = (
  claims: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string => `${b64({ alg: 'none', typ: 'JWT', ...header })}.${b64(claims)}.`;

/** The token with its payload swapped for `claims`, the original signature kept. */
export function withPayload(token: string, claims: Record<string, unknown>): string {
  const [head, , signature] = token.split('.');
  return `${head}.${b64(claims)}.${signature}`;
}
