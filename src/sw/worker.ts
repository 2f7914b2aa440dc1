/**
 * The service worker, built by build.mjs into `dist/sw.js` with this build's version and
 * first-load files baked in (`__NOTES_SW__`). Decisions (docs/service-worker.md):
 * - `skipWaiting` at install: a new build takes over at once, so the learner's next visit runs it
 *   (a waiting worker in a portal's iframe may never get its turn) and a kill switch acts at once.
 * - no `clients.claim`: a page keeps the way it was loaded for its whole life; the visit that
 *   registered the worker stays on the network, the next one is served from the cache.
 */
import { createHandlers } from './handlers.ts';
import type { WorkerScope } from './worker-types.ts';

const worker = self as unknown as WorkerScope;
const handlers = createHandlers({
  caches,
  fetch: (input, init) => fetch(input, init),
  build: __NOTES_SW__,
  origin: worker.location.origin,
});

worker.addEventListener('install', (event) => {
  event.waitUntil(handlers.install().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(handlers.activate());
});

worker.addEventListener('fetch', (event) => {
  const answer = handlers.respond(event.request, (work) => event.waitUntil(work));
  if (answer) event.respondWith(answer);
});
