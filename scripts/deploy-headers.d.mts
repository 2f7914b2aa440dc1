/** Types for deploy-headers.mjs (plain JavaScript so build.mjs can run it on bare node). */

/** The contents of dist/headers.json. */
export type DeployHeaders = {
  /** The path dist/ is served under (`/` or like `/notes/`). */
  basePath: string;
  /** Sent with every static response. */
  headers: Record<string, string>;
  /** Cache-Control per path inside dist/ (starting with `/`). */
  cacheControl: Record<string, string>;
  /** Cache-Control for any other path (client routes answered with index.html). */
  defaultCacheControl: string;
};

export const IMMUTABLE: string;
export const REVALIDATE: string;
export const HEADERS_FILE: string;
export const NETLIFY_HEADERS_FILE: string;
export function cacheControlFor(pathname: string): string;
/** CSP hash sources (`'sha256-…'`) of index.html's inline scripts and stylesheet. */
export type InlineHashes = { scripts: string[]; styles: string[] };
export function contentSecurityPolicy(
  frameAncestors: string[],
  apiBase?: string,
  inline?: InlineHashes,
  imageOrigins?: string[],
): string;
export function securityHeaders(
  frameAncestors: string[],
  apiBase?: string,
  inline?: InlineHashes,
  imageOrigins?: string[],
): Record<string, string>;
export function deployHeaders(input: {
  frameAncestors: string[];
  apiBase?: string;
  basePath?: string;
  files: string[];
  inline?: InlineHashes;
  /** Origins note images may come from besides the app's and the API's (`--image-origins`). */
  imageOrigins?: string[];
}): DeployHeaders;
export function renderHeadersFile(data: DeployHeaders): string;
