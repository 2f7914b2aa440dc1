/**
 * Turns a request's headers into the calling learner, or a 401/400 with a reason that is safe to return
 * and log (it never contains the token). The service's only trust decision: the learner is what a
 * verified token says, bound to the `wid` header, scoped by `rootorg`/`org`. See README.md here.
 */
import { type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { learnerIdOf } from '../../../src/protocol/learner-id.ts';
import {
  type AuthConfig,
  checkDevConfig,
  type ResolvedKeysConfig,
  resolveKeysConfig,
} from './auth-config.ts';
import { MAX_DOMAIN_CHARS, MAX_ID_CHARS } from './header-limits.ts';
import type { Learner } from './learner.ts';
import { loadPublicKeyDir, type PublicKeyMap } from './public-key-dir.ts';
import { createRemoteKeySet } from './remote-key-set.ts';
import { type Headers, headerValue, tokenFromHeaders } from './request-headers.ts';
import { SafeAuthError, safeReason } from './safe-reason.ts';
import { verifiedTokens } from './verified-tokens.ts';

export type { AuthConfig } from './auth-config.ts';
export type { Learner } from './learner.ts';

/** The caller (with the token's claims, for display names, and the parent host), or why not. */
export type AuthResult =
  | { ok: true; learner: Learner; claims: Record<string, unknown>; domain: string }
  | { ok: false; status: 400 | 401; error: string };

/** Checks requests; `close` stops background key refreshes. */
export type Authenticator = {
  authenticate(headers: Headers): Promise<AuthResult>;
  close(): void;
};

/** Verifies a token's signature and claims; throws (any error means 401). */
type Verifier = { verify(token: string): Promise<JWTPayload>; close(): void };

/** `--dev`: HS256 with the harness secret; no issuer; `exp` required, no leeway (as the mock). */
async function devVerifier(config: Extract<AuthConfig, { mode: 'dev' }>): Promise<Verifier> {
  checkDevConfig(config);
  // Imported once: given raw bytes, jose would import the HMAC key again on every request (~0.5 ms).
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(config.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
          ...(config.now ? { currentDate: config.now() } : {}),
        });
        return payload;
      } catch (err) {
        // The mock's words, which the harness's tests look for.
        if ((err as { code?: string }).code === 'ERR_JOSE_ALG_NOT_ALLOWED')
          throw new SafeAuthError('token algorithm must be HS256');
        throw err;
      }
    },
    close() {},
  };
}

/** A resolver over the keys read from `--public-keys`: the token must name a `kid` that is there. */
function dirKeys(keys: PublicKeyMap): JWTVerifyGetKey {
  return (header) => {
    if (typeof header.kid !== 'string' || header.kid === '') throw new SafeAuthError('token has no kid');
    const key = keys.get(header.kid);
    if (!key) throw new SafeAuthError('token signing key is unknown');
    return key;
  };
}

/** The portal's tokens: asymmetric algorithms from the allow-list, exact issuer, audience, azp, exp. */
function keysVerifier(config: ResolvedKeysConfig): Verifier {
  const remote = config.jwksUrl
    ? createRemoteKeySet({
        url: config.jwksUrl,
        maxAgeMs: config.jwksMaxAgeMs,
        cooldownMs: config.jwksCooldownMs,
        timeoutMs: config.jwksTimeoutMs,
        ...(config.fetch ? { fetch: config.fetch } : {}),
      })
    : undefined;
  const getKey = remote ? remote.getKey : dirKeys(loadPublicKeyDir(config.publicKeysDir ?? ''));
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, getKey, {
        algorithms: config.algorithms,
        issuer: config.issuer,
        ...(config.audience !== undefined ? { audience: config.audience } : {}),
        requiredClaims: ['exp'],
        clockTolerance: config.leewaySeconds,
        ...(config.now ? { currentDate: config.now() } : {}),
      });
      // Keycloak marks its other tokens in `typ`; an ID or refresh token is not a key to the API.
      if (typeof payload.typ === 'string' && /^(id|refresh|offline)$/i.test(payload.typ))
        throw new SafeAuthError('token is not an access token');
      if (config.azp !== undefined) {
        if (payload.azp === undefined) throw new SafeAuthError('token has no azp claim');
        if (payload.azp !== config.azp) throw new SafeAuthError("token's azp claim is not accepted");
      }
      return payload;
    },
    close() {
      remote?.close();
    },
  };
}

/** The learner id a token names (src/protocol/learner-id.ts: `wid`, else the tail of `sub`), or undefined. */
export function widFromClaims(claims: JWTPayload): string | undefined {
  return learnerIdOf(claims) || undefined;
}

const unauthorized = (reason: string): AuthResult => ({
  ok: false,
  status: 401,
  error: `Unauthorized: ${reason}`,
});
const badRequest = (error: string): AuthResult => ({ ok: false, status: 400, error });

/**
 * Builds the authenticator for a config. Throws a clear Error for a bad one (an HMAC or `none` in the
 * algorithms, no issuer, two or no key sources, an unreadable or empty key directory, leeway over 60 s).
 * Async: dev mode imports its HMAC key once here.
 */
export async function createAuthenticator(config: AuthConfig): Promise<Authenticator> {
  const verifier =
    config.mode === 'dev' ? await devVerifier(config) : keysVerifier(resolveKeysConfig(config));
  const verified = verifiedTokens();
  const now = () => config.now?.() ?? new Date();
  return {
    async authenticate(headers) {
      const found = tokenFromHeaders(headers);
      if (!found.ok) return unauthorized(found.reason);
      let claims: JWTPayload;
      const known = verified.get(found.token, now());
      if (known) claims = known;
      else {
        try {
          claims = await verifier.verify(found.token);
        } catch (err) {
          return unauthorized(safeReason(err));
        }
        verified.set(found.token, claims, now());
      }
      const tokenWid = widFromClaims(claims);
      if (tokenWid === undefined) return unauthorized('token has no wid claim (nor a sub to take it from)');
      const wid = headerValue(headers, 'wid');
      if (wid === '') return unauthorized('wid header is required');
      if (wid !== tokenWid) return unauthorized("wid header does not match the token's wid");
      const parts = { rootorg: '', org: '', domain: '' };
      for (const name of ['rootorg', 'org', 'domain'] as const) {
        const value = headerValue(headers, name);
        if (value === '') return badRequest(`${name} header is required`);
        if (value.length > (name === 'domain' ? MAX_DOMAIN_CHARS : MAX_ID_CHARS))
          return badRequest(`${name} header is too long`);
        parts[name] = value;
      }
      return {
        ok: true,
        learner: { rootOrg: parts.rootorg, org: parts.org, wid },
        claims: { ...claims },
        domain: parts.domain,
      };
    },
    close() {
      verifier.close();
    },
  };
}
