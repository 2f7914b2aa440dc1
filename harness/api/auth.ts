/**
 * HS256 JWTs for the harness: what `harness token`, the mock portal and the tests sign for the
 * seeded learners, and what the notes service checks in dev mode (server/src/auth, `mode: 'dev'`).
 */
import { createHmac } from 'node:crypto';

/**
 * The dev secret used when neither `--secret` nor `HARNESS_SECRET` is given. It is public on
 * purpose: harness tokens protect nothing real, and a fixed value lets tokens survive restarts.
 */
export const DEV_SECRET = 'notes-harness-dev-secret-not-for-production';

/** Default token lifetime: a working day, so a dev session never sees a surprise 401. */
export const DEFAULT_TOKEN_SECONDS = 12 * 60 * 60;

const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

const hmac = (input: string, secret: string): Buffer => createHmac('sha256', secret).update(input).digest();

/**
 * Signs any header and payload as-is. Exported so tests can forge odd tokens (wrong `alg`,
 * missing claims) with the same code path the real ones take.
 */
export function signJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string,
): string {
  const head = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${b64url(hmac(head, secret))}`;
}

/**
 * Issues an HS256 token whose `iat`/`exp` come from `now` so tests can mint expired tokens
 * without waiting. The given claims are kept; `iat` and `exp` are always set here.
 */
export function signToken(
  claims: Record<string, unknown>,
  secret: string,
  expiresInSeconds: number = DEFAULT_TOKEN_SECONDS,
  now: () => Date = () => new Date(),
): string {
  const iat = Math.floor(now().getTime() / 1000);
  return signJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat, exp: iat + expiresInSeconds }, secret);
}
