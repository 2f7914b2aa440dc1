/**
 * build.mjs's service-worker step (src/sw/emit-workers.mjs) on a small fake dist/: what it bakes
 * into sw.js, that the version follows every file, and the kill switch run in a fake worker scope.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error emit-workers.mjs is plain JavaScript without type declarations
import { writeServiceWorkers } from '../../src/sw/emit-workers.mjs';
import { createFakeCaches } from './fake-caches.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
type OutFile = { file: string; firstLoad: boolean };
const FILES: OutFile[] = [
  { file: 'index.html', firstLoad: true },
  { file: 'assets/main-AAAAAAAA.js', firstLoad: true },
  { file: 'assets/main-BBBBBBBB.css', firstLoad: true },
  { file: 'assets/screen-view-CCCCCCCC.js', firstLoad: false },
  { file: 'locales/fr-DDDDDDDD.json', firstLoad: false },
];
const config = (basePath: string) => ({ basePath, apiBase: `${basePath}api/v1` });

const test = suite<{ out: string }>('emit service workers');
test.before.each((ctx) => {
  ctx.out = mkdtempSync(join(tmpdir(), 'notes-sw-'));
  mkdirSync(join(ctx.out, 'assets'));
  mkdirSync(join(ctx.out, 'locales'));
  for (const { file } of FILES) writeFileSync(join(ctx.out, file), `content of ${file}`);
});
test.after.each((ctx) => rmSync(ctx.out, { recursive: true, force: true }));

const emit = (out: string, basePath = '/') =>
  writeServiceWorkers({ root: ROOT, out, config: config(basePath), files: FILES }) as Promise<{
    version: string;
    precache: string[];
  }>;

/** Runs a worker script in a fake scope; returns its listeners and what it did. */
function runWorker(source: string, caches: CacheStorage) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const done = { skipWaiting: 0, unregistered: 0 };
  const self = {
    location: { origin: 'https://notes.example' },
    registration: { unregister: async () => Boolean(++done.unregistered) },
    skipWaiting: async () => {
      done.skipWaiting += 1;
    },
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      listeners[type] = fn;
    },
  };
  runInNewContext(source, { self, caches, fetch, Response, URL });
  /** Dispatches an install or activate event and waits for its work. */
  const dispatch = async (type: string) => {
    const work: Promise<unknown>[] = [];
    listeners[type]?.({ waitUntil: (p: Promise<unknown>) => work.push(p) });
    await Promise.all(work);
  };
  return { listeners, done, dispatch };
}

test('sw.js: unhashed at the root, this build baked in, the first load precached', async ({ out }) => {
  const { version, precache } = await emit(out);
  assert.match(version, /^[0-9a-f]{12}$/);
  assert.equal(precache, ['/index.html', '/assets/main-AAAAAAAA.js', '/assets/main-BBBBBBBB.css']);
  const sw = readFileSync(join(out, 'sw.js'), 'utf8');
  assert.ok(sw.startsWith(`/* Notes service worker, build ${version} `));
  for (const url of precache) assert.ok(sw.includes(JSON.stringify(url)), url);
  assert.not.ok(sw.includes('screen-view'), 'lazy files are cached on use, not precached');
  const worker = runWorker(sw, createFakeCaches('https://notes.example').caches);
  assert.equal(Object.keys(worker.listeners).sort(), ['activate', 'fetch', 'install']);
});

test('the version changes with any file, and only then', async ({ out }) => {
  const first = (await emit(out)).version;
  assert.is((await emit(out)).version, first, 'same files, same version (same sw.js bytes)');
  writeFileSync(join(out, 'locales/fr-DDDDDDDD.json'), 'changed');
  assert.is.not((await emit(out)).version, first);
});

test('a base path reaches the precache list and the kill switch', async ({ out }) => {
  const { precache } = await emit(out, '/notes/');
  assert.ok(precache.every((u) => u.startsWith('/notes/')));
  const kill = readFileSync(join(out, 'sw-kill.js'), 'utf8');
  assert.match(kill, 'Deploy this file as /notes/sw.js');
  assert.match(kill, '"/notes/"');
});

test('sw-kill.js: no fetch handler, takes over at once, deletes our caches, unregisters', async ({ out }) => {
  await emit(out);
  const kill = readFileSync(join(out, 'sw-kill.js'), 'utf8');
  const store = createFakeCaches('https://notes.example');
  for (const name of ['notes:/:aaa', 'notes:/:bbb', 'notes:/notes/:ccc', 'other-app']) await store.open(name);
  const worker = runWorker(kill, store.caches);
  assert.equal(Object.keys(worker.listeners).sort(), ['activate', 'install'], 'no fetch handler');
  await worker.dispatch('install');
  assert.is(worker.done.skipWaiting, 1);
  await worker.dispatch('activate');
  assert.equal(store.names(), ['notes:/notes/:ccc', 'other-app']);
  assert.is(worker.done.unregistered, 1);
});

test.run();
