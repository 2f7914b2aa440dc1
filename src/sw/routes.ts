/**
 * Which requests the service worker answers, and how — the one decision that keeps a learner's
 * private notes out of Cache Storage. An allowlist: only navigations to the app's pages and
 * content-hashed files under `assets/` and `locales/` are ever answered; everything else (the API
 * above all, other origins, anything but GET) goes to the network as if there were no worker.
 */

/** How a request is served: the cached document (stale-while-revalidate), cache-first, or untouched. */
export type Route = 'document' | 'immutable' | 'network';

/** The parts of a `Request` the decision reads. */
export type RequestFacts = { url: string; method: string; mode: string };

/** Where the app lives: its origin, base path (`/`, `/notes/`) and API base (path or https URL). */
export type Scope = { origin: string; base: string; apiBase: string };

/**
 * A content-hashed file below the base (the same rule the deployment's `immutable` header uses,
 * harness/serve/app-headers.ts): the name changes with the content, so a stored copy never goes stale.
 */
const HASHED = /^(?:assets|locales)\/(?:[^/]+\/)*[^/]+[-.][A-Za-z0-9_]{8,}\.[A-Za-z0-9.]+$/;

/** An app page: the base itself, `index.html`, or an extension-less route (`view`, `course/c-1`). */
const isPage = (rest: string): boolean =>
  rest === '' || rest === 'index.html' || !(rest.split('/').pop() ?? '').includes('.');

/** Whether `url` is the API or below it (`/api/v1`, `/api/v1/notes/fetch`), on any origin. */
export function isApi(url: URL, scope: Scope): boolean {
  const root = new URL(scope.apiBase, scope.origin);
  const api = `${root.origin}${root.pathname.replace(/\/+$/, '')}`;
  const path = `${url.origin}${url.pathname}`;
  return path === api || path.startsWith(`${api}/`);
}

/** How the worker serves `request`: checked in this order, the API first of all. */
export function routeOf(request: RequestFacts, scope: Scope): Route {
  if (request.method !== 'GET') return 'network';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network';
  }
  if (isApi(url, scope)) return 'network';
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.base)) return 'network';
  const rest = url.pathname.slice(scope.base.length);
  if (request.mode === 'navigate') return isPage(rest) ? 'document' : 'network';
  return HASHED.test(rest) ? 'immutable' : 'network';
}
