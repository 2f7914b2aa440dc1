/**
 * `--jwks-url`: the portal's key set (Keycloak's `…/protocol/openid-connect/certs`) through jose's
 * createRemoteJWKSet, which caches it, fetches it again when a token names an unknown `kid`, and holds a
 * cooldown between such fetches so a burst of forged kids costs one fetch.
 *
 * Around it, two things jose leaves to the caller: the set is refreshed in the background once it is
 * older than `maxAgeMs` (requests keep using the old keys meanwhile, and keep them if the fetch fails, so
 * a Keycloak restart does not log everyone out), and before the first successful fetch a failed one is
 * not retried for a short while (min(cooldown, 5 s)), so a down key server is not hammered.
 */
import {
  createRemoteJWKSet,
  customFetch,
  type errors,
  type FetchImplementation,
  type JWTVerifyGetKey,
} from 'jose';
import { SafeAuthError } from './safe-reason.ts';

/** The key server could not be reached or answered nonsense; a token can't be checked now. */
export class KeysUnavailableError extends SafeAuthError {
  constructor() {
    super('the signing keys could not be fetched');
  }
}

/** A jose key resolver over a remote JWKS, with the refresh rules above. */
export type RemoteKeySet = { getKey: JWTVerifyGetKey; close(): void };

/** Options: the URL and the timings, and the fetch to use (tests count the fetches on their own server). */
export type RemoteKeySetOptions = {
  url: string;
  maxAgeMs: number;
  cooldownMs: number;
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** Builds the resolver; nothing is fetched until the first token arrives. */
export function createRemoteKeySet(options: RemoteKeySetOptions): RemoteKeySet {
  const jwks = createRemoteJWKSet(new URL(options.url), {
    // jose would block a request to refetch a stale set; the refresh below does it in the background.
    cacheMaxAge: Number.POSITIVE_INFINITY,
    cooldownDuration: options.cooldownMs,
    timeoutDuration: options.timeoutMs,
    ...(options.fetch ? { [customFetch]: options.fetch as unknown as FetchImplementation } : {}),
  });
  const retryAfterFailureMs = Math.min(options.cooldownMs, 5000);
  let loadedAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  let closed = false;

  const load = async (): Promise<void> => {
    try {
      await jwks.reload();
      loadedAt = Date.now();
    } catch {
      failedAt = Date.now();
      throw new KeysUnavailableError();
    }
  };

  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (jwks.jwks() === undefined) {
      if (Date.now() - failedAt < retryAfterFailureMs) throw new KeysUnavailableError();
      await load();
    } else if (!closed && !jwks.reloading && Date.now() - loadedAt > options.maxAgeMs) {
      load().catch(() => {
        // Keep the keys we have; the next request after the retry pause tries again.
        loadedAt = Date.now() - options.maxAgeMs + retryAfterFailureMs;
      });
    }
    try {
      return await jwks(header, token);
    } catch (err) {
      // An unknown kid made jose fetch again, and that fetch failed: the keys are unavailable.
      const code = (err as errors.JOSEError).code;
      if (code === 'ERR_JWKS_TIMEOUT' || err instanceof TypeError || code === 'ERR_JOSE_GENERIC')
        throw new KeysUnavailableError();
      throw err;
    }
  };

  return {
    getKey,
    close() {
      closed = true;
    },
  };
}
