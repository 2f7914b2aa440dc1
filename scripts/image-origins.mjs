// The image origins of a build (`--image-origins` / NOTES_IMAGE_ORIGINS): where a note's images may
// come from besides the API's own origin. Parsed here, by URL parts, for build.mjs (which bakes them
// into the sanitiser's chunk and the CSP `img-src`). Plain JavaScript because build.mjs runs on bare
// node; types in image-origins.d.mts.

/** A DNS name as CSP host-sources accept it (letters, digits, hyphens; at least one dot). */
const DNS_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Loopback hosts, as `URL` reports them, that a development build may name over plain http. */
const LOOPBACK = ['localhost', '127.0.0.1'];

/**
 * One origin from the list, normalised to `scheme://host[:port]`, or an Error saying why not
 * (one line). https only; plain http only for a loopback host in a development build
 * (`localParents`). No path (a bare `/` is fine), query, fragment, credentials, wildcard or IP
 * literal other than 127.0.0.1: CSP could not express the rest, and the sanitiser compares origins.
 * @param {string} raw
 * @param {boolean} localParents
 * @returns {string | Error}
 */
export function parseImageOrigin(raw, localParents) {
  const bad = (why) => new Error(`--image-origins: "${raw}" ${why}`);
  let url;
  try {
    url = new URL(raw);
  } catch {
    return bad('is not a URL like https://cdn.example.org');
  }
  const loopback = LOOPBACK.includes(url.hostname);
  if (url.protocol === 'http:' && loopback && !localParents)
    return bad('is plain http: only a development build (--local-parents) may name a local host');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return bad('must be an https origin');
  if (url.username || url.password) return bad('must not carry a user name or password');
  if (url.pathname !== '/' || url.search || url.hash || /[?#]$/.test(raw))
    return bad('must be an origin only (no path, query or fragment)');
  if (!loopback && !DNS_NAME.test(url.hostname)) return bad('must name a host by its domain name');
  return url.origin;
}

/**
 * The comma-separated list `value` as origins, deduplicated, in the order given; blank entries are
 * ignored, so `''` is no extra origin. Throws an Error (one line) at the first bad entry.
 * @param {string} value
 * @param {boolean} localParents whether this is a development build (plain http for loopback hosts)
 * @returns {string[]}
 */
export function parseImageOrigins(value, localParents) {
  const origins = [];
  for (const entry of value.split(',')) {
    const raw = entry.trim();
    if (!raw) continue;
    const origin = parseImageOrigin(raw, localParents);
    if (origin instanceof Error) throw origin;
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}
