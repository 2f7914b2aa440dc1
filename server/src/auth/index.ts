/**
 * Token verification for the notes service: the one import the HTTP layer and the CLI need.
 */
export {
  ASYMMETRIC_ALGORITHMS,
  type AuthConfig,
  DEFAULT_ALGORITHMS,
  DEFAULT_LEEWAY_SECONDS,
  MAX_LEEWAY_SECONDS,
} from './auth-config.ts';
export { type Authenticator, type AuthResult, createAuthenticator, widFromClaims } from './authenticator.ts';
export { MAX_DOMAIN_CHARS, MAX_ID_CHARS, MAX_TOKEN_CHARS } from './header-limits.ts';
export type { Learner } from './learner.ts';
