/**
 * The response headers a real deployment of the app should send, as pure functions so tests can
 * check them without a server and a CDN config can be copied from them.
 */

/** Hashed files never change under their name, so browsers may keep them for a year untouched. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Unhashed files (index.html above all) must be revalidated so a new release shows up at once.
 * `sw.js` too: browsers fetch the worker script past their HTTP cache anyway, but a CDN in between
 * must not keep an old worker (or hide a kill switch) either.
 */
export const REVALIDATE = 'no-cache';

const HASHED = /^\/(?:assets|locales)\/(?:.+\/)?[^/]+[-.][A-Za-z0-9_]{8,}\.[A-Za-z0-9.]+$/;

/**
 * `immutable` only for content-hashed names under `/assets/` or `/locales/`; everything else
 * revalidates. Checking for the hash (not just the folder) means an unhashed file that slips into
 * those folders is never pinned in caches for a year.
 */
export function cacheControlFor(pathname: string): string {
  return HASHED.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * The app's CSP: only its own origin for code, data, API calls and its service worker; embedding
 * limited to `frameAncestors`.
 */
export function contentSecurityPolicy(frameAncestors: string[]): string {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    // The service worker (`sw.js`, src/sw/): only the app's own script may become one.
    "worker-src 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** Headers for every static response (not for proxied API answers, which keep the API's own). */
export function staticHeaders(frameAncestors: string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(frameAncestors),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    Vary: 'Accept-Encoding',
  };
}
