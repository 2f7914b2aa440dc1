/**
 * What build.mjs bakes into `sw.js` (src/sw/emit-workers.mjs): one build's identity and the files
 * its first load needs, so the worker never has to ask the network what to precache.
 */

/** One build as the service worker knows it. */
export type WorkerBuild = {
  /** Changes whenever any file of `dist/` changes: names the build's cache, makes `sw.js` differ. */
  version: string;
  /** The base path the app is served under (`/`, `/notes/`): the worker's scope. */
  base: string;
  /** Where the notes API lives (a path or an https URL): never answered, never cached. */
  apiBase: string;
  /** URLs fetched and stored at install: `index.html` and the first load's JS and CSS. */
  precache: string[];
};

/** What build.mjs bakes into `sw-kill.js`: only the base path, to find this deployment's caches. */
export type KillSwitchBuild = { base: string };
