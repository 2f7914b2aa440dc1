// The response headers a deployment of the app must send, as pure functions shared by build.mjs
// (which writes them to dist/headers.json and dist/_headers for deployers) and the harness's app
// server (harness/serve/app-headers.ts), so there is one definition. Plain JavaScript because
// build.mjs runs on bare node; types in deploy-headers.d.mts.

/** Hashed files never change under their name, so browsers may keep them for a year untouched. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Unhashed files (index.html above all) must be revalidated so a new release shows up at once.
 * `sw.js` too: browsers fetch the worker script past their HTTP cache anyway, but a CDN in between
 * must not keep an old worker (or hide a kill switch) either.
 */
export const REVALIDATE = 'no-cache';

/** The name of the headers file in dist/, and of its Netlify/Cloudflare Pages rendering. */
export const HEADERS_FILE = 'headers.json';
export const NETLIFY_HEADERS_FILE = '_headers';

const HASHED = /^\/(?:assets|locales)\/(?:.+\/)?[^/]+[-.][A-Za-z0-9_]{8,}\.[A-Za-z0-9.]+$/;

/**
 * `immutable` only for content-hashed names under `/assets/` or `/locales/`; everything else
 * revalidates. Checking for the hash (not just the folder) means an unhashed file that slips into
 * those folders is never pinned in caches for a year.
 * @param {string} pathname a path inside dist/, starting with `/`
 * @returns {string}
 */
export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * The app's CSP: only its own origin for code, data and its service worker, plus the inline
 * scripts and stylesheet of this build's index.html by their hashes (`inline`, from build.mjs);
 * API calls to its own origin, plus the API's origin when `apiBase` is an absolute https URL;
 * no plugins, `<base>` or form submissions; embedding limited to `frameAncestors` (`'none'` when
 * empty). Images from its own origin, the API's and `imageOrigins` (`--image-origins`): the same
 * origins the sanitiser keeps images from (src/format/uploaded-image.ts). `script-src` stays `'self'` plus the hashes: a path-only source (`/assets/`) is invalid
 * CSP (measured in Chromium: it blocks every script), and the build does not know the origin it
 * will be served from (docs/decisions.md "Response headers").
 * @param {string[]} frameAncestors
 * @param {string} [apiBase]
 * @param {{ scripts: string[], styles: string[] }} [inline] CSP hash sources (`'sha256-…'`)
 * @param {string[]} [imageOrigins] origins as scripts/image-origins.mjs normalised them
 * @returns {string}
 */
export function contentSecurityPolicy(
  frameAncestors,
  apiBase = '',
  inline = { scripts: [], styles: [] },
  imageOrigins = [],
) {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'";
  const api = apiBase.startsWith('https://') ? ` ${new URL(apiBase).origin}` : '';
  const images = [...new Set([api.trim(), ...imageOrigins])].filter(Boolean).map((o) => ` ${o}`);
  const sources = (hashes) => ["'self'", ...hashes].join(' ');
  return [
    "default-src 'self'",
    `img-src 'self' data: blob:${images.join('')}`,
    `style-src ${sources(inline.styles)}`,
    `script-src ${sources(inline.scripts)}`,
    `connect-src 'self'${api}`,
    // The service worker (`sw.js`, src/sw/): only the app's own script may become one.
    "worker-src 'self'",
    // Nothing the app needs, so nothing injected markup could use: plugins, a `<base>` that would
    // re-point every relative URL, a form that would send the page's data elsewhere (the editor's
    // form never submits: its handler saves through the API).
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/**
 * Headers for every static response (not for proxied API answers, which keep the API's own).
 * @param {string[]} frameAncestors
 * @param {string} [apiBase]
 * @param {{ scripts: string[], styles: string[] }} [inline]
 * @param {string[]} [imageOrigins]
 * @returns {Record<string, string>}
 */
export function securityHeaders(frameAncestors, apiBase = '', inline = undefined, imageOrigins = []) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(frameAncestors, apiBase, inline, imageOrigins),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * What dist/headers.json holds: the headers for every response, the Cache-Control of each file the
 * build wrote (paths inside dist/, starting with `/`), and the Cache-Control for anything else
 * (client routes answered with index.html).
 * @param {{ frameAncestors: string[], apiBase?: string, basePath?: string, files: string[],
 *   inline?: { scripts: string[], styles: string[] }, imageOrigins?: string[] }} input
 * @returns {import('./deploy-headers.d.mts').DeployHeaders}
 */
export function deployHeaders({
  frameAncestors,
  apiBase = '',
  basePath = '/',
  files,
  inline = undefined,
  imageOrigins = [],
}) {
  /** @type {Record<string, string>} */
  const cacheControl = { '/': REVALIDATE };
  for (const file of [...files].sort()) {
    const path = `/${file.split('\\').join('/').replace(/^\/+/, '')}`;
    cacheControl[path] = cacheControlFor(path);
  }
  return {
    basePath,
    headers: securityHeaders(frameAncestors, apiBase, inline, imageOrigins),
    cacheControl,
    defaultCacheControl: REVALIDATE,
  };
}

/**
 * The same data as a Netlify / Cloudflare Pages `_headers` file (paths from the site root, so under
 * the base path). Cache-Control is set per file, never on `/*`: those hosts join the values of
 * every matching rule, which would mix `no-cache` into `immutable`.
 * @param {import('./deploy-headers.d.mts').DeployHeaders} data
 * @returns {string}
 */
export function renderHeadersFile(data) {
  const at = (path) => `${data.basePath.replace(/\/$/, '')}${path}`;
  const lines = [`${at('/*')}`];
  for (const [name, value] of Object.entries(data.headers)) lines.push(`  ${name}: ${value}`);
  for (const [path, value] of Object.entries(data.cacheControl)) {
    lines.push(at(path), `  Cache-Control: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}
