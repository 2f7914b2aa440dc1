/**
 * HS256 JWTs for the mock API, built on node:crypto so the harness needs no JWT library.
 * The harness both issues (for seeded learners) and checks tokens, so one module owns the format.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The dev secret used when neither `--secret` nor `HARNESS_SECRET` is given. It is public on
 * purpose: harness tokens protect nothing real, and a fixed value lets tokens survive restarts.
 */
export const DEV_SECRET = 'notes-harness-dev-secret-not-for-production';

/** Default token lifetime: a working day, so a dev session never sees a surprise 401. */
export const DEFAULT_TOKEN_SECONDS = 12 * 60 * 60;

/** Claims the API relies on after verification; anything else rides along untouched. */
export type TokenClaims = {
  wid: string;
  exp: number;
  iat?: number;
  email?: string;
  given_name?: string;
  family_name?: string;
  [claim: string]: unknown;
};

/** Outcome of checking a token: the claims, or why it was refused (safe to show; no token text). */
export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

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

const decodeJson = (part: string): unknown => {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The one place a bearer token is checked: shape, `alg` (HS256 only, so `none` can't slip
 * through), signature (constant time), expiry against `now`, and a non-empty `wid`.
 */
export function verifyToken(token: string, secret: string, now: () => Date = () => new Date()): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'token is not a JWT' };
  const [headPart = '', bodyPart = '', sigPart = ''] = parts;
  const header = decodeJson(headPart);
  if (!isObject(header)) return { ok: false, reason: 'token header is malformed' };
  if (header.alg !== 'HS256') return { ok: false, reason: 'token algorithm must be HS256' };
  const expected = hmac(`${headPart}.${bodyPart}`, secret);
  const given = /^[A-Za-z0-9_-]+$/.test(sigPart) ? Buffer.from(sigPart, 'base64url') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'token signature is invalid' };
  }
  const payload = decodeJson(bodyPart);
  if (!isObject(payload)) return { ok: false, reason: 'token payload is malformed' };
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
    return { ok: false, reason: 'token has no exp claim' };
  }
  if (now().getTime() / 1000 >= payload.exp) return { ok: false, reason: 'token has expired' };
  if (typeof payload.nbf === 'number' && now().getTime() / 1000 < payload.nbf) {
    return { ok: false, reason: 'token is not valid yet' };
  }
  if (typeof payload.wid !== 'string' || payload.wid === '')
    return { ok: false, reason: 'token has no wid claim' };
  return { ok: true, claims: { ...payload, wid: payload.wid, exp: payload.exp } };
}
