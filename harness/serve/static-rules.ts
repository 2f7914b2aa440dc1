/**
 * Request rewriting for the static app: SPA fallback and hidden-file protection, in front of
 * http-server's file serving. Kept apart from the server so the rules are testable on their own.
 */
import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { Middleware } from 'http-server';
import { HEADERS_FILE, NETLIFY_HEADERS_FILE } from '../../scripts/deploy-headers.mjs';

const splitUrl = (url: string): { path: string; query: string } => {
  const i = url.indexOf('?');
  return i === -1 ? { path: url, query: '' } : { path: url.slice(0, i), query: url.slice(i) };
};

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Where a static request should really go: extension-less paths that are not files (client-side
 * routes such as `/view` or `/course`) become `/index.html`; anything else is left alone.
 */
export function rewriteForSpa(url: string, root: string): string {
  const { path, query } = splitUrl(url);
  if (posix.extname(path) !== '') return url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return url; // http-server answers 400 for a malformed path
  }
  if (decoded !== '/' && isFile(join(root, decoded))) return url;
  return `/index.html${query}`;
}

const DEPLOY_FILES = new Set([`/${HEADERS_FILE}`, `/${NETLIFY_HEADERS_FILE}`]);

/**
 * Dotfiles (`.env`, `.git/…`) are never served even if a build leaves one behind, nor the
 * deployment's header files (dist/headers.json, dist/_headers): they configure the server. Judged
 * on the decoded path, as the file server will resolve it (`/headers%2Ejson` is `/headers.json`,
 * `%2F` a slash); a path that doesn't decode counts as hidden.
 */
export const isHiddenPath = (url: string): boolean => {
  let path: string;
  try {
    path = decodeURIComponent(splitUrl(url).path);
  } catch {
    return true;
  }
  return DEPLOY_FILES.has(path) || path.split('/').some((s) => s.startsWith('.'));
};

/** Sets the deployment `headers`, refuses hidden files and applies the SPA fallback. */
export function staticRules(root: string, headers: Record<string, string>): Middleware {
  return (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (isHiddenPath(req.url)) {
      res.response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.response.end('Not found');
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') req.url = rewriteForSpa(req.url, root);
    res.emit('next');
  };
}
