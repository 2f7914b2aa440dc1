/**
 * A dropped request never breaks a feature (issue 13, item 6): each lazy file's request is dropped
 * once (or while a test says so), then the feature is used in the same page — through the harness's
 * app server (deployment CSP), in Chromium. The loader (src/platform/lazy-file.ts) retries with
 * backoff; the build's chunk importer asks for `?retry=N` after a failure.
 */
import type { Frame, Page, Request } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { COST, onDemoVideo, VIDEO } from './support/demo-video.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';
import { portalContext } from './support/learners.ts';

const { test, scenario: openScenario } = browserSuite('dropped requests');

/**
 * A scenario without the service worker: Playwright's page routes don't see the requests a worker
 * makes, so once it took over a drop could not be injected (service-worker.test.ts covers it).
 */
const scenario: typeof openScenario = (browser, options = {}) =>
  openScenario(browser, {
    ...options,
    setup: async (page) => {
      await page.addInitScript(() => {
        const sw = navigator.serviceWorker;
        if (sw)
          Object.defineProperty(sw, 'register', { value: () => Promise.reject(new Error('no worker here')) });
      });
      await options.setup?.(page);
    },
  });

/** Requests for `path` (a glob without the query: `assets/edit-parts-*.js`), with or without `?retry=N`. */
const asset = (path: string) =>
  new RegExp(`/${path.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*/g, '[^/?]*')}(\\?|$)`);

/** Drops the first `times` requests for `path` (as a lost link); records every one seen. */
const dropFirst = (path: string, times = 1) => {
  const seen: string[] = [];
  const setup = (page: Page) =>
    page.route(asset(path), (route) => {
      seen.push(new URL(route.request().url()).pathname + new URL(route.request().url()).search);
      return seen.length <= times ? route.abort('internetdisconnected') : route.fallback();
    });
  return { seen, setup };
};

/** Drops every request for `path` until `restore()`. */
const dropWhile = () => {
  let down = true;
  const setup = (path: string) => (page: Page) =>
    page.route(asset(path), (route) => (down ? route.abort('internetdisconnected') : route.fallback()));
  return { setup, restore: () => (down = false) };
};

/** Add note → type → Save; resolves once the stored note is on the server. */
async function writeNote(s: Awaited<ReturnType<typeof onDemoVideo>>, text: string) {
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  await f.waitForFunction(() => document.activeElement?.getAttribute('role') === 'textbox');
  await s.page.keyboard.type(text);
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) => n.text === text);
  assert.ok(stored, `"${text}" is stored`);
}

const sheetApplied = (f: Frame, name: string) =>
  f.waitForFunction(
    (n) =>
      [...document.styleSheets].some((sheet) => {
        if (!sheet.href?.includes(n)) return false;
        try {
          return sheet.cssRules.length > 0;
        } catch {
          return false;
        }
      }),
    name,
  );

test('the editing chunk dropped once during the idle prefetch: Add note → type → Save is stored', async ({
  browser,
}) => {
  const drop = dropFirst('assets/edit-parts-*.js');
  const s = await onDemoVideo(scenario, browser, { setup: drop.setup });
  await s.frame().waitForFunction(() => true);
  await writeNote(s, 'Written after a dropped edit-parts chunk');
  assert.is(drop.seen[0]?.includes('?'), false, 'the first request has no query');
  assert.match(drop.seen[1] ?? '', /\?retry=1$/, 'the retry asks for a URL the browser never saw');
});

test('the small chunk the editing chunk shares, dropped once: Add note still writes', async ({ browser }) => {
  const drop = dropFirst('assets/chunk-*.js');
  const s = await onDemoVideo(scenario, browser, { setup: drop.setup });
  await writeNote(s, 'Written after a dropped shared chunk');
  assert.ok(drop.seen.length >= 2, 'the shared chunk was asked for again');
});

test('the editor bundle dropped once: the editor opens and saves', async ({ browser }) => {
  const drop = dropFirst('assets/editor-*.js');
  const s = await onDemoVideo(scenario, browser, { setup: drop.setup });
  await writeNote(s, 'Written after a dropped editor bundle');
});

test('the editor bundle lost while the opening editor waits for it: the retry takes the focus, and saves', async ({
  browser,
}) => {
  // No prefetch (Save-Data): Add note asks for the editor. Its first request fails only after the
  // editing chunk is in and the editor is waiting on that very request, as on a link that stalls.
  const seen: string[] = [];
  const s = await onDemoVideo(scenario, browser, {
    setup: async (page) => {
      await page.addInitScript(
        `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) });`,
      );
      await page.route(asset('assets/editor-*.js'), async (route) => {
        seen.push(route.request().url());
        if (seen.length > 1) return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return route.abort('internetdisconnected');
      });
    },
  });
  await writeNote(s, 'Written after the awaited editor bundle was lost');
  assert.is(seen.length, 2, 'the request that was lost, then one retry');
});

test('the sanitiser dropped once: a note is still saved (its HTML cleaned first)', async ({ browser }) => {
  const drop = dropFirst('assets/sanitizer-chunk-*.js');
  const s = await onDemoVideo(scenario, browser, { setup: drop.setup });
  await writeNote(s, 'Written after a dropped sanitiser');
  assert.ok(drop.seen.length >= 2);
});

test('the All notes screen chunk and its stylesheet dropped once: /view opens, styled', async ({
  browser,
}) => {
  const chunk = dropFirst('assets/ViewScreen-*.js');
  const sheet = dropFirst('assets/screen-view-*.css');
  const s = await onDemoVideo(scenario, browser, {
    setup: async (page) => {
      await chunk.setup(page);
      await sheet.setup(page);
    },
  });
  const f = s.frame();
  await f.getByRole('link', { name: 'All notes' }).click();
  await f.waitForFunction(() => document.querySelector('main h1')?.textContent === 'All notes');
  await waitText(f, COST);
  await sheetApplied(f, 'screen-view');
  assert.ok(chunk.seen.length >= 2 && sheet.seen.length >= 2);
});

test('the Hindi catalogue dropped once: the labels become Hindi in the same page', async ({ browser }) => {
  const drop = dropFirst('locales/hi-*.json');
  const s = await onDemoVideo(scenario, browser, {
    setup: drop.setup,
    context: portalContext({ locale: 'hi' }),
  });
  const f = s.frame();
  await f.getByRole('button', { name: 'नोट जोड़ें' }).waitFor();
  assert.is(await f.evaluate(() => document.documentElement.lang), 'hi');
  const logged = s.console.filter((m) => m.text().includes('could not load translations'));
  assert.is(logged.length, 1, 'the failure is logged once');
});

test('Add note while the editing chunk is unreachable: the error, then Try again really fetches it', async ({
  browser,
}) => {
  const link = dropWhile();
  const s = await onDemoVideo(scenario, browser, { setup: link.setup('assets/edit-parts-*.js') });
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
  link.restore();
  await f.getByRole('button', { name: 'Try again' }).click();
  await writeNote(s, 'Written after Try again');
});

test('the shortcut list unreachable: the shell says so in place, and Try again brings it', async ({
  browser,
}) => {
  const link = dropWhile();
  const s = await onDemoVideo(scenario, browser, { setup: link.setup('assets/edit-parts-*.js') });
  const f = s.frame();
  await f.getByText('Keyboard shortcuts').click();
  const details = f.locator('details.shortcut-help');
  await details.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
  assert.ok(await f.getByRole('button', { name: 'Add note' }).isVisible(), 'the rest of the app stays');
  link.restore();
  await details.getByRole('button', { name: 'Try again' }).click();
  await details.locator('dl kbd').first().waitFor();
});

test('online: a file waiting out its backoff is tried at once', async ({ browser }) => {
  const link = dropWhile();
  const seen: Request[] = [];
  const failed: Request[] = [];
  const s = await onDemoVideo(scenario, browser, {
    setup: async (page) => {
      page.on('request', (r) => r.url().includes('/edit-parts-') && seen.push(r));
      page.on('requestfailed', (r) => r.url().includes('/edit-parts-') && failed.push(r));
      await link.setup('assets/edit-parts-*.js')(page);
    },
  });
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.waitForFunction(() => true);
  // The third try has failed, so the loader is waiting out its backoff: only then can `online`
  // hurry it. (Waiting for the request alone raced the failure on a loaded machine: `online`
  // arrived while the try was still in flight, and the next one came only with the backoff.)
  while (seen.length < 3 || failed.length < seen.length) await s.page.waitForTimeout(100);
  await f.evaluate(() => new Promise((done) => setTimeout(done, 200)));
  link.restore();
  const before = seen.length;
  // The next backoff step is 4 s away: a request within 3 s is the one `online` asked for.
  const asked = s.page.waitForRequest((r) => r.url().includes('/edit-parts-'), { timeout: 3000 });
  await f.evaluate(() => window.dispatchEvent(new Event('online')));
  await asked;
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  assert.is(seen.length, before + 1, 'one request, at once');
});

/**
 * Lets a file's first round of tries run out (every request dropped): `online` hurries each
 * backoff until `tries` requests were seen, then the last one's failure ends the round.
 */
async function useUpTries(f: Frame, seen: () => number, tries: number) {
  while (seen() < tries) {
    await f.evaluate(() => window.dispatchEvent(new Event('online')));
    await f.page().waitForTimeout(150);
  }
  await f.page().waitForTimeout(500);
  assert.is(seen(), tries, 'one round of tries, then the loader gave up');
}

test('a stylesheet whose every try failed comes in on a later online', async ({ browser }) => {
  const link = dropWhile();
  const seen: string[] = [];
  const s = await onDemoVideo(scenario, browser, {
    setup: async (page) => {
      page.on('request', (r) => r.url().includes('/screen-view-') && seen.push(r.url()));
      await link.setup('assets/screen-view-*.css')(page);
    },
  });
  const f = s.frame();
  await f.getByRole('link', { name: 'All notes' }).click();
  await waitText(f, COST); // the screen shows unstyled rather than not at all
  await useUpTries(f, () => seen.length, 6);
  link.restore();
  await f.evaluate(() => window.dispatchEvent(new Event('online')));
  await sheetApplied(f, 'screen-view');
});

test('a catalogue whose every try failed comes in on a later online: the labels become Hindi', async ({
  browser,
}) => {
  const link = dropWhile();
  const seen: string[] = [];
  const s = await onDemoVideo(scenario, browser, {
    setup: async (page) => {
      page.on('request', (r) => /\/locales\/hi-/.test(r.url()) && seen.push(r.url()));
      await link.setup('locales/hi-*.json')(page);
    },
    context: portalContext({ locale: 'hi' }),
  });
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).waitFor();
  await useUpTries(f, () => seen.length, 8);
  assert.is(await f.evaluate(() => document.documentElement.lang), 'en', 'still English');
  link.restore();
  await f.evaluate(() => window.dispatchEvent(new Event('online')));
  await f.getByRole('button', { name: 'नोट जोड़ें' }).waitFor({ timeout: 5000 });
  assert.is(await f.evaluate(() => document.documentElement.lang), 'hi');
});

test.run();
