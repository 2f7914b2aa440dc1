/**
 * Reads the headers the API identifies a caller by (docs/api.md): the token, `wid`, `rootorg`, `org`
 * and `domain`. Header names are lower case, as Node gives them; a repeated header counts by its first
 * value, as in the mock.
 */
import { MAX_TOKEN_CHARS } from './header-limits.ts';

/** Request headers as Node and Fastify hand them over. */
export type Headers = Record<string, string | string[] | undefined>;

/** The first value of a header, trimmed; '' when absent. */
export function headerValue(headers: Headers, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();
}

/** The token, or why there is none usable (a reason safe to return: it never quotes the header). */
export type TokenFromHeaders = { ok: true; token: string } | { ok: false; reason: string };

/** A compact JWS: three base64url parts (the signature may be empty, as in `alg: none`). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The token from `Authorization: Bearer <token>`, else from `x-authenticated-user-token` (the header
 * Sunbird's proxies forward the user's token in). Its length is checked before anything else reads it.
 */
export function tokenFromHeaders(headers: Headers): TokenFromHeaders {
  const authorization = headerValue(headers, 'authorization');
  let token: string | undefined;
  if (/^Bearer[ \t]/i.test(authorization)) token = authorization.slice('Bearer'.length).trim();
  else {
    const forwarded = headerValue(headers, 'x-authenticated-user-token');
    if (forwarded !== '') token = forwarded;
  }
  if (token === undefined)
    return {
      ok: false,
      reason:
        authorization === ''
          ? 'Authorization header must be "Bearer <token>" (or x-authenticated-user-token)'
          : 'Authorization header must be "Bearer <token>"',
    };
  if (token.length > MAX_TOKEN_CHARS) return { ok: false, reason: 'token is too long' };
  if (!COMPACT_JWS.test(token)) return { ok: false, reason: 'token is not a JWT' };
  return { ok: true, token };
}
