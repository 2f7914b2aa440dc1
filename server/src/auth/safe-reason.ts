/**
 * Why a token was refused, in words safe to return and log. jose's own messages are never passed on:
 * each error is mapped by its code to a fixed sentence that names at most a claim, never a value from
 * the token.
 */
import type { errors } from 'jose';

/** Claims whose name may appear in a reason (what a JWTClaimValidationFailed can be about). */
const KNOWN_CLAIMS = new Set(['iss', 'aud', 'azp', 'exp', 'nbf', 'iat', 'sub', 'typ']);

/** A refusal whose message was written here to be shown as it is (it never quotes the token). */
export class SafeAuthError extends Error {
  override name = 'SafeAuthError';
}

/** The reason for a failed verification (without the "Unauthorized: " prefix). */
export function safeReason(err: unknown): string {
  if (err instanceof SafeAuthError) return err.message;
  const e = err as Partial<errors.JWTClaimValidationFailed> | undefined;
  switch (e?.code) {
    case 'ERR_JWT_EXPIRED':
      return 'token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = typeof e.claim === 'string' && KNOWN_CLAIMS.has(e.claim) ? e.claim : 'a';
      if (e.reason === 'missing') return `token has no ${claim} claim`;
      if (claim === 'nbf') return 'token is not valid yet';
      return `token's ${claim} claim is not accepted`;
    }
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'token algorithm is not allowed';
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'token signing key is unknown';
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return 'token names no kid and several keys could fit';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'token signature is invalid';
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return 'token is not a valid JWT';
    case 'ERR_JWKS_TIMEOUT':
      return 'the signing keys could not be fetched';
    default:
      return 'token could not be verified';
  }
}
