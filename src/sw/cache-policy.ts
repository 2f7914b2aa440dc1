/**
 * Cache names and what may be stored, shared by the worker and its kill switch. One cache per base
 * path and build version (`notes:/notes/:3f9c0a1b2c4d`), so a new build starts clean, old builds are
 * found and deleted, and two deployments under different base paths of one origin never delete
 * each other's caches.
 */

/** The cache of one build of the app deployed under `base`. */
export const cacheName = (base: string, version: string): string => `notes:${base}:${version}`;

/** Whether `name` is a cache of any build of the app under `base` (what the kill switch deletes). */
export const isOwnCache = (name: string, base: string): boolean => name.startsWith(`notes:${base}:`);

/** Whether `name` is an older build's cache under `base` (deleted when a new build activates). */
export const isStaleCache = (name: string, base: string, version: string): boolean =>
  isOwnCache(name, base) && name !== cacheName(base, version);

/** The one key the document is stored under, whatever page was navigated to. */
export const documentUrl = (base: string): string => `${base}index.html`;

/**
 * Only a complete same-origin answer is stored: never an error (a 404 would stick), a partial
 * (206), a bare redirect (3xx) or an opaque cross-origin answer (its status can't even be read).
 */
export const storable = (response: Pick<Response, 'status' | 'type'>): boolean =>
  response.status === 200 && response.type === 'basic';
