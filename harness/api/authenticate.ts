/**
 * Turns the five request headers into the calling learner: verifies the bearer token, binds the
 * `wid` header to the token, and requires `rootorg`, `org` and `domain`. Reasons are safe to
 * return and log: they never contain the token.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type TokenClaims, verifyToken } from './auth.ts';
import { type Check, invalid, valid } from './check.ts';
import type { Learner } from './learner.ts';
import { MAX_ID_CHARS, MAX_TITLE_CHARS } from './limits.ts';

/** Who is calling, with the claims (for display names) and the parent host (`domain`). */
export type Caller = { learner: Learner; claims: TokenClaims; domain: string };

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const v = headers[name];
  return (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).trim();
};

/** 401 for any token problem or a missing or mismatched `wid`; 400 for missing rootorg/org/domain. */
export function authenticate(headers: IncomingHttpHeaders, secret: string, now: () => Date): Check<Caller> {
  const auth = header(headers, 'authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(auth);
  if (!match) return invalid('Authorization header must be "Bearer <token>"', 401);
  const verified = verifyToken(match[1] ?? '', secret, now);
  if (!verified.ok) return invalid(`Unauthorized: ${verified.reason}`, 401);
  const wid = header(headers, 'wid');
  if (wid === '') return invalid('Unauthorized: wid header is required', 401);
  if (wid !== verified.claims.wid)
    return invalid("Unauthorized: wid header does not match the token's wid", 401);
  const parts: Record<'rootorg' | 'org' | 'domain', string> = { rootorg: '', org: '', domain: '' };
  for (const name of ['rootorg', 'org', 'domain'] as const) {
    const value = header(headers, name);
    if (value === '') return invalid(`${name} header is required`);
    if (value.length > (name === 'domain' ? MAX_TITLE_CHARS : MAX_ID_CHARS))
      return invalid(`${name} header is too long`);
    parts[name] = value;
  }
  return valid({
    learner: { rootOrg: parts.rootorg, org: parts.org, wid },
    claims: verified.claims,
    domain: parts.domain,
  });
}

/** The name the server stamps on a note whose body has no displayName: token names, else the wid. */
export function displayNameFrom(claims: TokenClaims): string {
  const given = typeof claims.given_name === 'string' ? claims.given_name : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name : '';
  const name = `${given} ${family}`.trim();
  return name === '' ? claims.wid : name;
}
