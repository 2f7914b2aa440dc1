/**
 * A short memory of tokens whose signature and claims were verified, so a learner's burst of
 * requests with one token verifies it once (an RS256 or HMAC check through WebCrypto costs more CPU
 * than the rest of a page's request). Only successes are kept, keyed by the SHA-256 of the token's
 * exact bytes (the token itself is never held), for at most `ttlMs` and never past its `exp`; the
 * checks that depend on the request (the `wid` header and the rest) still run every time.
 */
import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';

/** Remembered verifications. */
export type VerifiedTokens = {
  /** The payload a token verified to, if it did so less than ttlMs ago and has not expired at `now`. */
  get(token: string, now: Date): JWTPayload | undefined;
  /** Remembers a token that has just been verified. */
  set(token: string, payload: JWTPayload, now: Date): void;
};

/** How long a verification is trusted, and how many are kept (the oldest go first). */
export type VerifiedTokensOptions = { ttlMs: number; max: number };

/** 30 s: a key removed from the portal's key set stops working within that time, as a restart would. */
export const VERIFIED_TOKENS_DEFAULTS: VerifiedTokensOptions = { ttlMs: 30_000, max: 5000 };

const digest = (token: string) => createHash('sha256').update(token).digest('base64');

/** A bounded memory of verified tokens. */
export function verifiedTokens(options: VerifiedTokensOptions = VERIFIED_TOKENS_DEFAULTS): VerifiedTokens {
  const entries = new Map<string, { payload: JWTPayload; until: number }>();
  return {
    get(token, now) {
      const key = digest(token);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now.getTime() < entry.until) return entry.payload;
      entries.delete(key);
      return undefined;
    },
    set(token, payload, now) {
      // exp is required and checked by the verifier; without one nothing is remembered.
      if (typeof payload.exp !== 'number') return;
      const until = Math.min(now.getTime() + options.ttlMs, payload.exp * 1000);
      if (until <= now.getTime()) return;
      if (entries.size >= options.max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(digest(token), { payload, until });
    },
  };
}
