import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHandlers } from '../../src/sw/handlers.ts';
import type { WorkerBuild } from '../../src/sw/worker-build.ts';
import { answer, createFakeCaches, createNetwork } from './fake-caches.ts';

const ORIGIN = 'https://notes.example';
const BUILD: WorkerBuild = {
  version: 'v2',
  base: '/',
  apiBase: '/api/v1',
  precache: ['/index.html', '/assets/main-AAAAAAAA.js', '/assets/main-BBBBBBBB.css'],
};
const CACHE = 'notes:/:v2';

/** A worker over a fake cache and network, collecting what it keeps alive with waitUntil. */
function setup(routes: Parameters<typeof createNetwork>[1] = {}, build = BUILD) {
  const store = createFakeCaches(ORIGIN);
  const network = createNetwork(ORIGIN, {
    '/index.html': () => answer('<html>release A'),
    '/assets/main-AAAAAAAA.js': () => answer('js A'),
    '/assets/main-BBBBBBBB.css': () => answer('css A'),
    '/api/v1/notes/recent': () => answer('[{"text":"private"}]'),
    ...routes,
  });
  const handlers = createHandlers({ caches: store.caches, fetch: network.fetch, build, origin: ORIGIN });
  const pending: Promise<unknown>[] = [];
  const respond = (url: string, mode = 'cors', method = 'GET') => {
    const request = { url: `${ORIGIN}${url}`, mode, method } as Request;
    return handlers.respond(request, (work) => pending.push(work));
  };
  const settle = async () => {
    while (pending.length) await pending.shift();
  };
  return { store, network, handlers, respond, settle };
}

test('install stores every first-load file, the document revalidated with the server', async () => {
  const { store, network, handlers } = setup();
  await handlers.install();
  assert.equal(store.urls(CACHE), BUILD.precache.map((u) => `${ORIGIN}${u}`).sort());
  assert.equal(
    network.calls.find((c) => c.url === '/index.html'),
    { url: '/index.html', cache: 'no-cache' },
  );
  assert.is(network.calls.find((c) => c.url.endsWith('.js'))?.cache, undefined, 'hashed: HTTP cache is fine');
});

test('install fails when a first-load file is missing or the network is down', async () => {
  const missing = setup({ '/assets/main-BBBBBBBB.css': () => answer('gone', { status: 404 }) });
  await missing.handlers.install().then(
    () => assert.unreachable('installed without its stylesheet'),
    (error: Error) => assert.match(error.message, 'could not precache /assets/main-BBBBBBBB.css (404)'),
  );
  const offline = setup({ '/index.html': 'offline' });
  await offline.handlers.install().then(
    () => assert.unreachable('installed offline'),
    () => undefined,
  );
});

test('a redirected document is stored as a plain answer (a navigation cannot use a redirected one)', async () => {
  const { store, handlers } = setup({ '/index.html': () => answer('<html>moved', {}, 'basic', true) });
  await handlers.install();
  assert.is(store.body(CACHE, '/index.html'), '<html>moved');
});

test('activate deletes older builds of this base only', async () => {
  const { store, handlers } = setup();
  for (const name of ['notes:/:v1', 'notes:/:v0', CACHE, 'notes:/notes/:v1', 'someone-else'])
    await store.open(name);
  await handlers.activate();
  assert.equal(store.names(), [CACHE, 'notes:/notes/:v1', 'someone-else'].sort());
});

test('API requests are never answered, never fetched by the worker, never stored', async () => {
  const { store, network, handlers, respond } = setup();
  await handlers.install();
  const before = network.calls.length;
  assert.is(respond('/api/v1/notes/recent'), null);
  assert.is(respond('/api/v1/notes/fetch', 'cors', 'POST'), null);
  assert.is(respond('/api/v1/notes/recent', 'navigate'), null);
  assert.is(network.calls.length, before);
  assert.not.ok(store.urls(CACHE)?.some((u) => u.includes('/api/')));
});

test('the document: the stored copy at once, the new release stored for the next visit', async () => {
  const { store, network, handlers, respond, settle } = setup();
  await handlers.install();
  network.routes['/index.html'] = () => answer('<html>release B');
  const first = await respond('/view', 'navigate');
  assert.is(await first?.text(), '<html>release A', 'this visit: the stored copy');
  await settle();
  assert.equal(
    network.calls.at(-1),
    { url: '/index.html', cache: 'no-cache' },
    'refreshed in the background',
  );
  const second = await respond('/', 'navigate');
  assert.is(await second?.text(), '<html>release B', 'the next visit: the new release');
  await settle();
  assert.is(store.body(CACHE, '/index.html'), '<html>release B');
});

test('the document: a cache deleted while its refresh is on the network stays deleted (the kill switch)', async () => {
  const { store, network, handlers, respond, settle } = setup();
  await handlers.install();
  // The kill switch (or a newer release's clean-up) deletes the cache while the fetch is out.
  network.routes['/index.html'] = () => {
    void store.caches.delete(CACHE);
    return answer('<html>release B');
  };
  assert.is(await (await respond('/', 'navigate'))?.text(), '<html>release A');
  await settle();
  assert.equal(store.names(), [], 'no cache made again by the late write');
});

test('the document: offline or an error answer keeps the stored copy', async () => {
  const { store, network, handlers, respond, settle } = setup();
  await handlers.install();
  network.routes['/index.html'] = 'offline';
  assert.is(await (await respond('/', 'navigate'))?.text(), '<html>release A');
  await settle();
  network.routes['/index.html'] = () => answer('<html>oops', { status: 503 });
  assert.is(await (await respond('/', 'navigate'))?.text(), '<html>release A');
  await settle();
  assert.is(store.body(CACHE, '/index.html'), '<html>release A');
});

test('the document: nothing stored → the network answers, and the cache is filled', async () => {
  const { store, network, respond, settle } = setup({ '/course': () => answer('<html>release A') });
  const page = await respond('/course', 'navigate');
  assert.is(await page?.text(), '<html>release A');
  assert.ok(
    network.calls.some((c) => c.url === '/course'),
    'the navigation itself went to the network',
  );
  await settle();
  assert.is(store.body(CACHE, '/index.html'), '<html>release A');
});

test('hashed files: cache first; a miss is fetched once and stored', async () => {
  const { store, network, handlers, respond, settle } = setup({
    '/assets/screen-view-CCCCCCCC.js': () => answer('view chunk'),
  });
  await handlers.install();
  const calls = network.calls.length;
  assert.is(await (await respond('/assets/main-AAAAAAAA.js'))?.text(), 'js A');
  assert.is(network.calls.length, calls, 'precached: no network');
  assert.is(await (await respond('/assets/screen-view-CCCCCCCC.js'))?.text(), 'view chunk');
  await settle();
  assert.is(store.body(CACHE, '/assets/screen-view-CCCCCCCC.js'), 'view chunk');
  assert.is(await (await respond('/assets/screen-view-CCCCCCCC.js'))?.text(), 'view chunk');
  assert.is(network.calls.filter((c) => c.url.includes('screen-view')).length, 1);
});

test('hashed files: errors and opaque answers pass through and are never stored', async () => {
  const { store, respond, settle } = setup({
    '/assets/gone-DDDDDDDD.js': () => answer('', { status: 404 }),
    '/locales/fr-EEEEEEEE.json': () => answer('', {}, 'opaque'),
    '/locales/de-FFFFFFFF.json': () => answer('busy', { status: 503 }),
  });
  assert.is((await respond('/assets/gone-DDDDDDDD.js'))?.status, 404);
  assert.is((await respond('/locales/fr-EEEEEEEE.json'))?.type, 'opaque');
  assert.is((await respond('/locales/de-FFFFFFFF.json'))?.status, 503);
  await settle();
  assert.equal(store.urls(CACHE), [], 'nothing stored');
});

test('files that are not hashed are left to the network', async () => {
  const { respond } = setup();
  assert.is(respond('/sw.js'), null);
  assert.is(respond('/index.html'), null, 'fetched (not navigated): not the document route');
  assert.is(respond('/assets/main.js'), null);
});

test('under a base path: its own cache name and document key', async () => {
  const build = { ...BUILD, base: '/notes/', apiBase: '/notes/api/v1', precache: ['/notes/index.html'] };
  const { store, respond, handlers, settle } = setup(
    { '/notes/index.html': () => answer('<html>mounted') },
    build,
  );
  await handlers.install();
  assert.equal(store.names(), ['notes:/notes/:v2']);
  assert.is(await (await respond('/notes/view', 'navigate'))?.text(), '<html>mounted');
  assert.is(respond('/view', 'navigate'), null, 'outside the base');
  assert.is(respond('/notes/api/v1/notes/recent'), null);
  await settle();
});

test.run();
