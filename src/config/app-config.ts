/**
 * Deployment settings baked in at build time (`build.mjs --allowed-domains … --dev-host … --base …
 * --local-parents`, or the NOTES_* env). One list feeds both the app's origin check and the harness's CSP
 * `frame-ancestors`, so the two can't disagree.
 */

/** Settings a deployment may change. */
export type AppConfig = {
  /** Parent domains allowed over https, each also with any subdomain. */
  allowedDomains: string[];
  /** Host that a local-host parent is treated as (the `domain` header). */
  devParentHost: string;
  /**
   * Whether `localhost`, `127.0.0.1` and `[::1]` parents are accepted (and may frame the app): only
   * in a development build (`--local-parents` / `NOTES_LOCAL_PARENTS=1`), never in a release, where
   * any web server on a learner's machine could otherwise frame the app and talk to it.
   */
  localParents: boolean;
  /** Path the app is served under, always starting and ending with `/`. */
  basePath: string;
  /** Where the notes API lives; same origin by default. */
  apiBase: string;
};

/** Corporate apps, learning platform, sports organisation (docs/wire-contract.md). */
export const DEFAULT_ALLOWED_DOMAINS = ['infosysapps.com', 'onwingspan.com', 'olympics.com'];

/** Default development parent host (docs/wire-contract.md). */
export const DEFAULT_DEV_PARENT_HOST = 'lex-dev.infosysapps.com';

/** Hostnames treated as local development, as `URL` reports them. */
export const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The settings a build uses when no flag or env overrides them: a production build. */
export const DEFAULT_CONFIG: AppConfig = {
  allowedDomains: DEFAULT_ALLOWED_DOMAINS,
  devParentHost: DEFAULT_DEV_PARENT_HOST,
  localParents: false,
  basePath: '/',
  apiBase: '/api/v1',
};

/**
 * The defaults plus local parents: what the harness, the browser tests, the bench and the soak
 * build (`--local-parents`), since their mock portal runs on `localhost`.
 */
export const LOCAL_DEV_CONFIG: AppConfig = { ...DEFAULT_CONFIG, localParents: true };

/**
 * CSP `frame-ancestors` sources for a config: the pages allowed to embed the app — exactly the
 * origins the app's own check accepts. The harness's app server sends this header, and a real
 * deployment should send the same. The local hosts only in a development build (`localParents`).
 * CSP cannot name IPv6 literals, so `[::1]` is left out: a `http://[::1]` parent passes a
 * development build's check but the browser will not let it frame the app.
 */
export function frameAncestors(config: Pick<AppConfig, 'allowedDomains' | 'localParents'>): string[] {
  const sources: string[] = [];
  for (const domain of config.allowedDomains) sources.push(`https://${domain}`, `https://*.${domain}`);
  if (!config.localParents) return sources;
  for (const host of LOCAL_HOSTNAMES) {
    if (!host.startsWith('[')) sources.push(`http://${host}:*`, `https://${host}:*`);
  }
  return sources;
}
