/**
 * The response headers a real deployment of the app should send. The rules live in
 * scripts/deploy-headers.mjs, shared with build.mjs (which writes them to dist/headers.json), so the
 * harness and the deployment file can't disagree; this module adds what the harness's own server
 * needs and reads the build's file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cacheControlFor,
  contentSecurityPolicy,
  type DeployHeaders,
  HEADERS_FILE,
  IMMUTABLE,
  REVALIDATE,
  securityHeaders,
} from '../../scripts/deploy-headers.mjs';

export { cacheControlFor, contentSecurityPolicy, IMMUTABLE, REVALIDATE };

/**
 * Headers for every static response (not for proxied API answers, which keep the API's own).
 * `Vary` is the server's own: it negotiates .br/.gz siblings.
 */
export function staticHeaders(frameAncestors: string[], apiBase = ''): Record<string, string> {
  return { ...securityHeaders(frameAncestors, apiBase), Vary: 'Accept-Encoding' };
}

/** The response headers the app server sends: what a build's headers.json says, or computed. */
export type ServedHeaders = { headers: Record<string, string>; cacheControl(pathname: string): string };

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');

/**
 * Reads `root/headers.json` (written by build.mjs). Undefined when there is none; throws when it
 * is there but malformed, so a broken deployment file is noticed rather than silently replaced.
 */
export function readDeployHeaders(root: string): DeployHeaders | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, HEADERS_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const data = JSON.parse(text) as Partial<DeployHeaders>;
  if (!isStringRecord(data.headers) || !isStringRecord(data.cacheControl))
    throw new Error(`${join(root, HEADERS_FILE)}: expected "headers" and "cacheControl" objects`);
  return {
    basePath: typeof data.basePath === 'string' ? data.basePath : '/',
    headers: data.headers,
    cacheControl: data.cacheControl,
    defaultCacheControl: typeof data.defaultCacheControl === 'string' ? data.defaultCacheControl : REVALIDATE,
  };
}

/**
 * A CSP with `extra` sources added to its `frame-ancestors` (those it lacks). The harness only ever
 * widens: tests frame the app from parents a release would refuse, to check the app's own guard.
 */
export function widenFrameAncestors(csp: string, extra: string[]): string {
  return csp
    .split(/;\s*/)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name !== 'frame-ancestors') return directive;
      const kept = sources.filter((s) => s !== "'none'");
      const added = extra.filter((s) => !kept.includes(s));
      if (added.length === 0) return directive;
      return [name, ...kept, ...added].join(' ');
    })
    .join('; ');
}

/**
 * The headers for a dist folder: exactly those of its headers.json when the build wrote one
 * (plus `Vary` for the server's compression, and any of `frameAncestors` the file's CSP lacks —
 * none when the harness runs with the build's config), else computed from `frameAncestors`.
 */
export function servedHeaders(root: string, frameAncestors: string[]): ServedHeaders {
  const file = readDeployHeaders(root);
  if (!file) return { headers: staticHeaders(frameAncestors), cacheControl: cacheControlFor };
  const headers: Record<string, string> = { ...file.headers, Vary: 'Accept-Encoding' };
  const csp = headers['Content-Security-Policy'];
  if (csp !== undefined) headers['Content-Security-Policy'] = widenFrameAncestors(csp, frameAncestors);
  return {
    headers,
    cacheControl: (pathname) => file.cacheControl[pathname] ?? file.defaultCacheControl,
  };
}
