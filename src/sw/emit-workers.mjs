// Writes the service worker and its kill switch into dist/ (called by build.mjs once every other
// file is written): `sw.js`, unhashed at the root so its URL never changes and its scope is the
// base path, with this build's version and first-load files baked in; and `sw-kill.js`, the
// no-op worker to deploy as `sw.js` to switch the worker off (docs/service-worker.md).
// Neither gets .gz/.br siblings: a stale `sw.js.br` beside a kill switch copied over `sw.js` would
// keep serving the old worker.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** The worker's file names in dist/. */
export const WORKER_FILE = 'sw.js';
export const KILL_SWITCH_FILE = 'sw-kill.js';

/**
 * The build's version: a digest of every file's name and content, so it changes whenever anything
 * deployed changes (and `sw.js` with it, which is how browsers notice a new release).
 */
export function buildVersion(out, files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(`${file}\0`).update(readFileSync(join(out, file)));
  return hash.digest('hex').slice(0, 12);
}

/** One worker source bundled as a classic script (module workers are not everywhere yet). */
async function bundle(root, entry, define, minify, banner) {
  const result = await esbuild.build({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'iife',
    minify,
    target: ['chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: banner },
    define,
  });
  return result.outputFiles[0].text;
}

/**
 * Writes sw.js and sw-kill.js for the build in `out` whose files are `files` (build.mjs's list:
 * `{ file, firstLoad }`, paths relative to `out`). Returns the version and what is precached.
 */
export async function writeServiceWorkers({ root, out, config, files }) {
  const posix = (f) => f.file.split('\\').join('/');
  const version = buildVersion(out, files.map(posix));
  const precache = files.filter((f) => f.firstLoad).map((f) => `${config.basePath}${posix(f)}`);
  const build = { version, base: config.basePath, apiBase: config.apiBase, precache };
  const worker = await bundle(
    root,
    'src/sw/worker.ts',
    { __NOTES_SW__: JSON.stringify(build) },
    true,
    `/* Notes service worker, build ${version} (src/sw/worker.ts, docs/service-worker.md) */`,
  );
  writeFileSync(join(out, WORKER_FILE), worker);
  const kill = await bundle(
    root,
    'src/sw/kill-switch.ts',
    { __NOTES_SW_KILL__: JSON.stringify({ base: config.basePath }) },
    false,
    [
      '/* Notes service worker KILL SWITCH (src/sw/kill-switch.ts, docs/service-worker.md).',
      ` * Deploy this file as ${config.basePath}sw.js (and delete any sw.js.gz / sw.js.br beside it) to take`,
      ' * every browser back to the network: no fetch handler, replaces the running worker at once,',
      ` * deletes the caches named "notes:${config.basePath}:*" and unregisters itself. */`,
    ].join('\n'),
  );
  writeFileSync(join(out, KILL_SWITCH_FILE), kill);
  return { version, precache };
}
