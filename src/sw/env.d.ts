/** The build baked into `sw.js` by build.mjs (src/sw/emit-workers.mjs) with esbuild's `define`. */
declare const __NOTES_SW__: import('./worker-build.ts').WorkerBuild;

/** The base path baked into `sw-kill.js` by build.mjs. */
declare const __NOTES_SW_KILL__: import('./worker-build.ts').KillSwitchBuild;
