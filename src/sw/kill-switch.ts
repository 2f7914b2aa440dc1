/**
 * The kill switch, built by build.mjs into `dist/sw-kill.js`. Deployed in place of `sw.js`, it
 * takes every learner's browser back to the network: it has no fetch handler (so every request
 * goes to the network), replaces the worker at once, deletes this deployment's caches and
 * unregisters itself. See docs/service-worker.md.
 */
import { isOwnCache } from './cache-policy.ts';
import type { WorkerScope } from './worker-types.ts';

const worker = self as unknown as WorkerScope;
const { base } = __NOTES_SW_KILL__;

worker.addEventListener('install', () => {
  void worker.skipWaiting();
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => isOwnCache(n, base)).map((n) => caches.delete(n))))
      .then(() => worker.registration.unregister()),
  );
});
