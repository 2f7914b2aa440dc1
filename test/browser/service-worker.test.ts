/**
 * The service worker (src/sw/) in Chromium and Firefox through the harness's app server with the deployment
 * CSP, third-party storage partitioning on (the portal on `localhost` frames the app on
 * `127.0.0.1`, cross-site): the first visit registers it and stays on the network; the next visit
 * gets the document and the first load from Cache Storage while the API still goes to the network
 * and is never stored; a new release shows on the visit after the one that found it; the kill
 * switch takes the frame back to the network. Each scenario has its own browser context (its own
 * registrations and caches) and its own app origin, so nothing leaks between tests; each test also
 * checks its first visit starts with no worker at all. In Firefox, playwright-core's BiDi backend
 * always reports `fromServiceWorker()` false, so those checks are Chromium's (`fromWorker`); the
 * document marked in Cache Storage and the release marker prove the worker served it everywhere.
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Request, Response } from 'playwright-core';
import * as assert from 'uvu/assert';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { build, resolveOptions } from '../../build.mjs';
import type { Scenario } from './support/app-fixture.ts';
import { DIST } from './support/app-stack.ts';
import { browserSuite } from './support/browser-suite.ts';
import { ENGINE } from './support/engine.ts';
import { waitText } from './support/frame-helpers.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('service worker');
const FIRST_NOTE = 'The cost function measures the squared error.';
/** The bound on a wait for the worker or the API: generous, as a loaded machine is slow, and only reached on failure. */
const WAIT_MS = 30_000;
const dirs: string[] = [];

test.after(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A private copy of the build under test, so a test can deploy a new release or the kill switch. */
function copyOf(dist: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'notes-sw-dist-'));
  dirs.push(dir);
  cpSync(dist, dir, { recursive: true });
  return dir;
}

/** The build version baked into a dist's sw.js. */
const versionOf = (dist: string): string => {
  const version = readFileSync(join(dist, 'sw.js'), 'utf8').match(/service worker, build ([0-9a-f]+)/)?.[1];
  if (!version) throw new Error('sw.js names no build version');
  return version;
};

/** `r.fromServiceWorker()` where the engine reports it (Chromium); elsewhere it is not checked. */
const fromWorker = (r: Response, served: boolean, message?: string) => {
  if (ENGINE === 'chromium') assert.is(r.fromServiceWorker(), served, message);
};

/**
 * Marks the stored `index.html` in the frame's Cache Storage: a visit whose document carries the
 * mark was answered by the worker from the cache (in any engine). Resolves with whether one was found.
 */
const markCachedDocument = (f: Frame) =>
  f.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.endsWith('/index.html')) continue;
        const stored = await cache.match(request);
        if (!stored) continue;
        const html = (await stored.text()).replace('<head>', '<head><meta name="cached-copy" content="1">');
        await cache.put(request, new Response(html, { headers: stored.headers }));
        return true;
      }
    }
    return false;
  });

/** Whether the frame's document carries the Cache Storage mark. */
const hasCacheMark = (f: Frame) =>
  f.evaluate(() => document.querySelector('meta[name=cached-copy]') !== null);

/** What the frame's origin holds: controller, registrations, and every Cache Storage entry. */
const workerState = (f: Frame) =>
  f.evaluate(async () => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const names = await caches.keys();
    const entries: string[] = [];
    for (const name of names)
      for (const request of await (await caches.open(name)).keys())
        entries.push(new URL(request.url).pathname);
    return {
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
      scopes: registrations.map((r) => r.scope),
      active: registrations.map((r) => r.active?.state ?? null),
      names,
      entries,
    };
  });

/** Waits until the app's registration has an activated worker (it registers when idle after the first note). */
const waitActivated = (f: Frame) =>
  eventually(
    () =>
      f.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state === 'activated';
      }),
    'an activated service worker',
    WAIT_MS,
  );

/** Waits until the frame's origin holds exactly the caches `names` (and `check`, if given, holds). */
const waitCaches = (f: Frame, names: string[], what: string) =>
  eventually(
    () =>
      f.evaluate(
        async (want) => JSON.stringify((await caches.keys()).sort()) === JSON.stringify(want),
        [...names].sort(),
      ),
    what,
    WAIT_MS,
  );

/**
 * A visit: the page's responses from the app origin, in order, from (re)load to the first note
 * (the first visit is the scenario's own load, before any listener: only its frame is known).
 * Only the new frame document's own requests count: the previous document may still be
 * prefetching (src/ui/prefetch.ts, one file at a time after its first screen) when the reload
 * starts, and that document was never controlled (no clients.claim), so its answers come from the
 * network.
 */
type Visit = { frame: Frame; document: Response; app: Response[]; api: Response[] };

/** The first visit: the scenario opened the portal; waits for the first note. */
async function firstVisit(s: Scenario): Promise<Frame> {
  const frame = s.frame();
  await waitText(frame, FIRST_NOTE);
  return frame;
}

const isApi = (r: Response) => new URL(r.url()).pathname.includes('/api/');

/**
 * Reloads the portal, which navigates its frame to the app again: a repeat visit. With `api`, it
 * also waits until the new document's first API call was answered: on a repeat visit the notes
 * show from the copy kept on the device before the fetch returns (docs/no-data-loss.md), so the
 * note on screen does not mean the API was called yet.
 */
async function visit(s: Scenario, { api = false } = {}): Promise<Visit> {
  const responses: Response[] = [];
  // The new frame's navigation comes after the reloaded portal replaced the old one (and its frame).
  const ours = new Set<Request>();
  const onRequest = (r: Request) => {
    if (!r.url().startsWith(s.stack.appOrigin)) return;
    if (ours.size > 0 || r.isNavigationRequest()) ours.add(r);
  };
  const onResponse = (r: Response) => {
    if (ours.has(r.request())) responses.push(r);
  };
  s.page.on('request', onRequest);
  s.page.on('response', onResponse);
  try {
    await s.page.reload();
    const frame = s.frame();
    await waitText(frame, FIRST_NOTE);
    if (api)
      await eventually(async () => responses.some(isApi), 'an API answer to the new document', WAIT_MS);
    const document = responses.find((r) => r.request().isNavigationRequest());
    if (!document) throw new Error('the frame document was not seen');
    return {
      frame,
      document,
      app: responses.filter((r) => !isApi(r)),
      api: responses.filter(isApi),
    };
  } finally {
    s.page.off('request', onRequest);
    s.page.off('response', onResponse);
  }
}

/** The first-load files index.html names (script, stylesheet, modulepreload). */
const firstLoadUrls = (dist: string, base = '/'): string[] =>
  [...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((u) => u.startsWith(`${base}assets/`));

test('first visit registers the worker; the next is served from Cache Storage, the API never', async ({
  browser,
}) => {
  const s = await scenario(browser);
  const workerRequests: string[] = [];
  s.context.on('request', (r) => {
    if (r.serviceWorker()) workerRequests.push(new URL(r.url()).pathname);
  });
  const first = await firstVisit(s);
  assert.is((await workerState(first)).controller, null, 'no worker left over from another test');
  assert.is(
    await first.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart,
    ),
    0,
    'the first visit did not go through a worker',
  );
  await waitActivated(first);
  const registered = await workerState(first);
  assert.equal(registered.scopes, [`${s.stack.appOrigin}/`]);
  assert.is(registered.controller, null, 'no clients.claim: the first visit stays on the network');

  assert.ok(await markCachedDocument(first), 'index.html is in Cache Storage');
  const second = await visit(s, { api: true });
  assert.ok(await hasCacheMark(second.frame), 'index.html from the worker, out of Cache Storage');
  fromWorker(second.document, true, 'index.html from the worker');
  if (ENGINE === 'chromium') {
    const served = second.app.filter((r) => r.fromServiceWorker()).map((r) => new URL(r.url()).pathname);
    for (const url of firstLoadUrls(DIST)) assert.ok(served.includes(url), `${url} from the worker`);
    assert.equal(
      second.app.filter((r) => !r.fromServiceWorker()).map((r) => r.url()),
      [],
      'everything but the API came from the worker',
    );
  }
  assert.ok(second.api.length > 0, 'the notes were fetched');
  for (const r of second.api) fromWorker(r, false, `${r.url()} went to the network`);
  const fetched = () => s.stack.calls.filter((l) => / \/api\/v1\/notes\/fetch 200 /.test(l)).length;
  await eventually(async () => fetched() >= 2, 'both visits reached the API', WAIT_MS).catch(() => undefined);
  assert.ok(fetched() >= 2, `both visits reached the API; its log: ${s.stack.calls.join(' | ')}`);

  const state = await workerState(second.frame);
  assert.match(String(state.controller), /\/sw\.js$/);
  assert.equal(state.names, [`notes:/:${versionOf(DIST)}`]);
  assert.ok(state.entries.includes('/index.html'));
  assert.equal(
    state.entries.filter((e) => e.includes('/api/')),
    [],
    'Cache Storage holds no API answer',
  );
  assert.equal(
    workerRequests.filter((p) => p.includes('/api/')),
    [],
    'the worker itself never called the API',
  );
  await waitText(second.frame, FIRST_NOTE);
});

test('a new release is picked up on the visit after the one that found it', async ({ browser }) => {
  const dist = copyOf(DIST);
  const s = await scenario(browser, { stackOptions: { dist } });
  const first = await firstVisit(s);
  await waitActivated(first);
  const old = versionOf(dist);
  await waitCaches(first, [`notes:/:${old}`], 'the first release cached');

  // Deploy release B: a changed index.html and a sw.js with a new version.
  const next = old === 'feedfacecafe' ? 'cafefeedface' : 'feedfacecafe';
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  writeFileSync(join(dist, 'index.html'), html.replace('<head>', '<head><meta name="release" content="B">'));
  rmSync(join(dist, 'index.html.br'));
  rmSync(join(dist, 'index.html.gz'));
  writeFileSync(join(dist, 'sw.js'), readFileSync(join(dist, 'sw.js'), 'utf8').replaceAll(old, next));
  const release = (f: Frame) =>
    f.evaluate(() => document.querySelector('meta[name=release]')?.getAttribute('content'));

  const second = await visit(s);
  fromWorker(second.document, true);
  assert.is(await release(second.frame), undefined, 'this visit: the stored release at once');
  await waitCaches(second.frame, [`notes:/:${next}`], 'the new worker took over, the old cache gone');

  assert.ok(await markCachedDocument(second.frame), 'release B is in Cache Storage');
  const third = await visit(s);
  fromWorker(third.document, true);
  assert.ok(await hasCacheMark(third.frame), 'the visit after: out of Cache Storage');
  assert.is(await release(third.frame), 'B', 'the visit after: the new release, from the cache');
  await waitText(third.frame, FIRST_NOTE);
});

test('the kill switch (sw-kill.js deployed as sw.js) takes the frame back to the network', async ({
  browser,
}) => {
  const dist = copyOf(DIST);
  const s = await scenario(browser, { stackOptions: { dist } });
  const first = await firstVisit(s);
  await waitActivated(first);
  assert.ok(await markCachedDocument(first));
  const second = await visit(s);
  fromWorker(second.document, true, 'the worker serves the app');
  assert.ok(await hasCacheMark(second.frame), 'the worker serves the app from Cache Storage');

  copyFileSync(join(dist, 'sw-kill.js'), join(dist, 'sw.js'));
  const third = await visit(s);
  await eventually(
    () =>
      third.frame.evaluate(async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('notes:'));
        return names.length === 0 && (await navigator.serviceWorker.getRegistrations()).length === 0;
      }),
    'the kill switch deleted the caches and unregistered',
    WAIT_MS,
  );

  const fourth = await visit(s);
  fromWorker(fourth.document, false, 'index.html from the network');
  assert.not.ok(await hasCacheMark(fourth.frame), 'not the stored copy');
  for (const r of fourth.app) fromWorker(r, false, `${r.url()} not from a worker`);
  assert.equal((await workerState(fourth.frame)).entries, [], 'the caches are empty');
  await waitText(fourth.frame, FIRST_NOTE);
});

test('under a base path (--base /notes/): scope, caches and URLs stay inside it', async ({ browser }) => {
  const dist = mkdtempSync(join(tmpdir(), 'notes-sw-base-'));
  dirs.push(dist);
  await build(
    resolveOptions(['--out', dist, '--base', '/notes/', '--test-hooks', '--local-parents', '--quiet']),
  );
  const s = await scenario(browser, { stackOptions: { dist, mount: '/notes/' } });
  const first = await firstVisit(s);
  await waitActivated(first);
  assert.equal((await workerState(first)).scopes, [`${s.stack.appOrigin}/notes/`]);

  assert.ok(await markCachedDocument(first));
  const second = await visit(s, { api: true });
  fromWorker(second.document, true);
  assert.ok(await hasCacheMark(second.frame), 'the document from the worker');
  assert.is(new URL(second.document.url()).pathname, '/notes/');
  const state = await workerState(second.frame);
  assert.equal(state.names, [`notes:/notes/:${versionOf(dist)}`]);
  assert.ok(state.entries.length > 0 && state.entries.every((e) => e.startsWith('/notes/')));
  assert.not.ok(state.entries.some((e) => e.includes('/api/')));
  for (const r of second.api) {
    assert.ok(new URL(r.url()).pathname.startsWith('/notes/api/v1/'));
    fromWorker(r, false);
  }
});

test.run();
