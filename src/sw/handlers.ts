/**
 * The service worker's work, over injected `caches` and `fetch` so it runs in unit tests: precache
 * the first load at install, delete older builds' caches at activate, answer the document
 * stale-while-revalidate and hashed files cache-first. `worker.ts` wires it to the events.
 */
import { cacheName, documentUrl, isStaleCache, storable } from './cache-policy.ts';
import { routeOf, type Scope } from './routes.ts';
import type { WorkerBuild } from './worker-build.ts';

/** What the handlers run on: the browser's in the worker, fakes in tests. */
export type WorkerDeps = {
  caches: CacheStorage;
  fetch: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
  build: WorkerBuild;
  origin: string;
};

/** The worker's three jobs. */
export type WorkerHandlers = {
  /** Stores every first-load file; rejects (so the browser drops this worker) if any fails. */
  install(): Promise<void>;
  /** Deletes the caches of older builds under the same base path. */
  activate(): Promise<void>;
  /** The answer to `request`, or null to leave it to the network; `waitUntil` keeps work alive. */
  respond(request: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response> | null;
};

/** Hashed names never change content and index.html is looked up by one key: never Vary. */
const MATCH: CacheQueryOptions = { ignoreVary: true };

/**
 * A response safe to store for any request: one that followed a redirect can't answer a navigation
 * (browsers refuse it), so it is copied into a fresh, unredirected one.
 */
const unredirected = (response: Response): Response =>
  response.redirected
    ? new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    : response;

/** Builds the handlers for one build. */
export function createHandlers({ caches, fetch, build, origin }: WorkerDeps): WorkerHandlers {
  const name = cacheName(build.base, build.version);
  const scope: Scope = { origin, base: build.base, apiBase: build.apiBase };
  const index = documentUrl(build.base);

  /**
   * Fetches `url` into `cache` (opened before the fetch) if storable; resolves whether or not it
   * could. A cache deleted while the fetch ran (the kill switch, a newer release's clean-up) stays
   * deleted: the write goes to the Cache already held, never to `caches.open`, which would make
   * the deleted cache again.
   */
  const refresh = async (cache: Cache, url: string, init?: RequestInit): Promise<void> => {
    const response = await fetch(url, init);
    if (storable(response)) await cache.put(url, unredirected(response));
  };

  /** The stored document at once; the network's copy goes into the cache for the next visit. */
  const serveDocument = (request: Request, waitUntil: (work: Promise<unknown>) => void) => {
    const opened = caches.open(name);
    const stored = opened.then((cache) => cache.match(index, MATCH));
    // Refreshed only after the stored copy was read, so this visit's answer is deterministic.
    waitUntil(
      Promise.all([opened, stored])
        .then(([cache]) => refresh(cache, index, { cache: 'no-cache' }))
        .catch(() => undefined),
    );
    return stored.then((hit) => hit ?? fetch(request));
  };

  /** The stored copy of a hashed file, else the network's (stored for next time if complete). */
  const serveImmutable = async (request: Request, waitUntil: (work: Promise<unknown>) => void) => {
    const cache = await caches.open(name);
    const hit = await cache.match(request, MATCH);
    if (hit) return hit;
    const response = await fetch(request);
    if (storable(response)) waitUntil(cache.put(request, response.clone()).catch(() => undefined));
    return response;
  };

  return {
    async install() {
      const cache = await caches.open(name);
      await Promise.all(
        build.precache.map(async (url) => {
          const response = await fetch(url, url === index ? { cache: 'no-cache' } : undefined);
          if (!storable(response)) throw new Error(`Notes: could not precache ${url} (${response.status})`);
          await cache.put(url, unredirected(response));
        }),
      );
    },
    async activate() {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => isStaleCache(n, build.base, build.version)).map((n) => caches.delete(n)),
      );
    },
    respond(request, waitUntil) {
      const route = routeOf(request, scope);
      if (route === 'document') return serveDocument(request, waitUntil);
      if (route === 'immutable') return serveImmutable(request, waitUntil);
      return null;
    },
  };
}
