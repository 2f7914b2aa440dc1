/**
 * How the service checks tokens, and the one place that configuration is validated: a bad value is a
 * clear Error at start (the CLI turns it into one line and exit 2), never a weaker check at run time.
 */

/** The asymmetric JWS algorithms a key set may be trusted for; the only ones `algorithms` may list. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

/** What `--algorithms` defaults to: what Keycloak signs with (RS256) and its two common alternatives. */
export const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/** Clock skew allowed on `exp`/`nbf` when none is configured. */
export const DEFAULT_LEEWAY_SECONDS = 30;

/** The most clock skew that may be configured (issue 25). */
export const MAX_LEEWAY_SECONDS = 60;

/** How long a fetched key set counts as fresh before it is refreshed in the background. */
export const DEFAULT_JWKS_MAX_AGE_MS = 10 * 60 * 1000;

/** After a fetch, no other fetch for an unknown `kid` for this long (a burst of forged kids costs one fetch). */
export const DEFAULT_JWKS_COOLDOWN_MS = 30 * 1000;

/** How long one key set fetch may take. */
export const DEFAULT_JWKS_TIMEOUT_MS = 5 * 1000;

/**
 * `dev`: the harness's HS256 tokens, signed with `secret`, and nothing else (no issuer, no keys).
 * `keys`: the portal's real tokens, checked against a JWKS URL or a directory of PEM files.
 */
export type AuthConfig =
  | { mode: 'dev'; secret: string; now?: () => Date }
  | {
      mode: 'keys';
      /** Keycloak's `…/realms/<realm>/protocol/openid-connect/certs`. Exactly one of this and `publicKeysDir`. */
      jwksUrl?: string;
      /** PEM files named by `kid` (Sunbird's convention), read once at start. */
      publicKeysDir?: string;
      /** Must equal the token's `iss` exactly. */
      issuer: string;
      /** When set, the token's `aud` must be or contain it. */
      audience?: string;
      /** When set, the token's `azp` (the client the token was issued to) must equal it. */
      azp?: string;
      /** Allow-list of JWS algorithms; asymmetric ones only. Default DEFAULT_ALGORITHMS. */
      algorithms?: string[];
      /** Clock skew on `exp`/`nbf`, 0–60 s. Default DEFAULT_LEEWAY_SECONDS. */
      leewaySeconds?: number;
      /** The fetch used for the JWKS (tests and proxies); default the global fetch. */
      fetch?: typeof fetch;
      /** The clock `exp`/`nbf` are checked against; default the system clock. */
      now?: () => Date;
      /** JWKS tuning; the defaults above suit Keycloak. */
      jwksMaxAgeMs?: number;
      jwksCooldownMs?: number;
      jwksTimeoutMs?: number;
    };

/** The `keys` variant of AuthConfig. */
export type KeysConfig = Extract<AuthConfig, { mode: 'keys' }>;

/** A keys config with every default filled in and every value checked. */
export type ResolvedKeysConfig = KeysConfig & {
  algorithms: string[];
  leewaySeconds: number;
  jwksMaxAgeMs: number;
  jwksCooldownMs: number;
  jwksTimeoutMs: number;
};

const isAsymmetric = (alg: string): boolean => (ASYMMETRIC_ALGORITHMS as readonly string[]).includes(alg);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function checkAlgorithms(list: string[] | undefined): string[] {
  if (list === undefined) return [...DEFAULT_ALGORITHMS];
  if (!Array.isArray(list) || list.length === 0) throw new Error('algorithms: list at least one algorithm');
  for (const alg of list) {
    if (typeof alg !== 'string' || alg === '')
      throw new Error('algorithms: an empty name is not an algorithm');
    if (/^HS\d+$/i.test(alg))
      throw new Error(
        `algorithms: ${alg} is an HMAC algorithm; only asymmetric ones may be listed (${ASYMMETRIC_ALGORITHMS.join(', ')})`,
      );
    if (alg.toLowerCase() === 'none')
      throw new Error('algorithms: "none" means unsigned tokens and is never accepted');
    if (!isAsymmetric(alg))
      throw new Error(
        `algorithms: ${alg} is not a supported algorithm (${ASYMMETRIC_ALGORITHMS.join(', ')})`,
      );
  }
  return [...new Set(list)];
}

function checkMs(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name}: must be a whole number of milliseconds ≥ 0`);
  return value;
}

function checkJwksUrl(raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('jwks-url: not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('jwks-url: must be an http(s) URL');
  if (url.username !== '' || url.password !== '')
    throw new Error('jwks-url: must not carry a user name or password');
}

/** Checks a `keys` config and fills in its defaults; throws an Error naming the bad setting. */
export function resolveKeysConfig(config: KeysConfig): ResolvedKeysConfig {
  const hasUrl = config.jwksUrl !== undefined && config.jwksUrl !== '';
  const hasDir = config.publicKeysDir !== undefined && config.publicKeysDir !== '';
  if (hasUrl === hasDir) throw new Error('give exactly one key source: --jwks-url URL or --public-keys DIR');
  if (hasUrl) checkJwksUrl(config.jwksUrl ?? '');
  if (!nonEmpty(config.issuer))
    throw new Error('issuer: required outside --dev (the exact iss of the tokens)');
  if (config.audience !== undefined && !nonEmpty(config.audience))
    throw new Error('audience: must not be empty');
  if (config.azp !== undefined && !nonEmpty(config.azp)) throw new Error('azp: must not be empty');
  const leeway = config.leewaySeconds ?? DEFAULT_LEEWAY_SECONDS;
  if (typeof leeway !== 'number' || !Number.isFinite(leeway) || leeway < 0 || leeway > MAX_LEEWAY_SECONDS)
    throw new Error(`leeway: must be between 0 and ${MAX_LEEWAY_SECONDS} seconds`);
  return {
    ...config,
    algorithms: checkAlgorithms(config.algorithms),
    leewaySeconds: leeway,
    jwksMaxAgeMs: checkMs('jwks max age', config.jwksMaxAgeMs, DEFAULT_JWKS_MAX_AGE_MS),
    jwksCooldownMs: checkMs('jwks cooldown', config.jwksCooldownMs, DEFAULT_JWKS_COOLDOWN_MS),
    jwksTimeoutMs: checkMs('jwks timeout', config.jwksTimeoutMs, DEFAULT_JWKS_TIMEOUT_MS),
  };
}

/** Checks a `dev` config: the secret must be there. */
export function checkDevConfig(config: Extract<AuthConfig, { mode: 'dev' }>): void {
  if (!nonEmpty(config.secret)) throw new Error('secret: --dev needs a non-empty --secret');
}
