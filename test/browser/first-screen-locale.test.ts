/**
 * The first screen in the learner's language (issue 14, items 1 and 2) in Chromium, through the
 * harness's app server: every text the frame ever shows is recorded by a MutationObserver installed
 * before the app runs, so an English label shown even for one frame is caught; the catalogue fetched
 * by the early start and adopted by the app (one request), a dropped one retried, a hung one given
 * up on after the bound (English, then the language when it arrives); prefetching only once the
 * first screen is complete, one file at a time, smallest first, and nothing under Save-Data.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { PREFETCH_ORDER } from '../../src/platform/prefetch-policy.ts';
import { DIST } from './support/app-stack.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST } from './support/demo-video.ts';
import { waitText } from './support/frame-helpers.ts';
import { portalContext } from './support/learners.ts';
import { recordTexts, shotsOf } from './support/text-record.ts';

const { test, scenario } = browserSuite('first screen in the learner’s language');

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
/** The labels around the first note on `/` with player data: the navigation and Add note. */
const LABELS = ['Add note', 'My notes', 'All notes', 'Courses'];

/** Disables the service worker (page routes don't see its requests) and records every text shown. */
const setup = (extra?: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.addInitScript(() => {
    const sw = navigator.serviceWorker;
    if (sw)
      Object.defineProperty(sw, 'register', { value: () => Promise.reject(new Error('no worker here')) });
  });
  await recordTexts(page.context());
  await extra?.(page);
};

const shots = (s: Awaited<ReturnType<typeof scenario>>) => shotsOf(s.frame());

for (const locale of ['ar', 'hi'] as const) {
  test(`${locale}: the first text in <main> already shows ${locale}'s labels; no English label ever shows; dir from the first paint`, async ({
    browser,
  }) => {
    const words = catalogue(locale);
    const s = await scenario(browser, { setup: setup(), context: portalContext({ locale }) });
    const f = s.frame();
    await waitText(f, COST);
    await f.getByRole('button', { name: words['Add note'] }).waitFor();
    const seen = await shots(s);
    const first = seen.find((x) => x.main.trim());
    assert.ok(first, 'main showed text');
    assert.match(
      first?.main ?? '',
      words['Add note'] ?? '?',
      'the first text in main has the translated button',
    );
    for (const shot of seen)
      for (const label of LABELS)
        assert.not.ok(
          new RegExp(`(^|\\n)${label}(\\n|$)`).test(shot.text),
          `"${label}" in English at ${Math.round(shot.at)} ms: ${JSON.stringify(shot.text.slice(0, 80))}`,
        );
    const shown = seen.filter((x) => x.text.trim());
    assert.ok(shown.length > 0);
    for (const shot of shown)
      assert.is(shot.dir, locale === 'ar' ? 'rtl' : 'ltr', 'dir on every painted text');
    const catalogues = await f.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/locales/')),
    );
    assert.is(catalogues.length, 1, 'one catalogue request: the early start’s, adopted by the app');
    assert.not.ok(
      await f.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/formatjs-engine-')),
      ),
      'no formatjs runtime for the first screen',
    );
  });
}

test('a catalogue that fails once still arrives, and the first screen shows in Hindi, not English first', async ({
  browser,
}) => {
  const seenUrls: string[] = [];
  const s = await scenario(browser, {
    context: portalContext({ locale: 'hi' }),
    setup: setup((page) =>
      page.route(/\/locales\/hi-[^/]*\.json/, (route) => {
        seenUrls.push(route.request().url());
        return seenUrls.length === 1 ? route.abort('internetdisconnected') : route.fallback();
      }),
    ),
  });
  const f = s.frame();
  await f.getByRole('button', { name: catalogue('hi')['Add note'] }).waitFor();
  await waitText(f, COST);
  assert.is(seenUrls.length, 2, 'dropped once, then fetched again');
  const english = (await shots(s)).filter((x) => /(^|\n)Add note(\n|$)/.test(x.text));
  assert.equal(english, [], 'no English first');
});

test('a catalogue that does not come within 3 s: English, then Hindi when it arrives in the same page', async ({
  browser,
}) => {
  let down = true;
  const s = await scenario(browser, {
    context: portalContext({ locale: 'hi' }),
    setup: setup((page) =>
      page.route(/\/locales\/hi-[^/]*\.json/, (route) =>
        down ? route.abort('internetdisconnected') : route.fallback(),
      ),
    ),
  });
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).waitFor({ timeout: 8000 });
  down = false;
  await f.getByRole('button', { name: catalogue('hi')['Add note'] }).waitFor({ timeout: 20_000 });
  const first = (await shots(s)).find((x) => x.main.trim());
  assert.ok((first?.at ?? 0) >= 3000, `English only after the 3 s bound (${Math.round(first?.at ?? 0)} ms)`);
});

/** The prefetched files' resource entries of the frame, by name in PREFETCH_ORDER. */
async function prefetched(s: Awaited<ReturnType<typeof scenario>>) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return s.frame().evaluate((order) => {
    return performance
      .getEntriesByType('resource')
      .map((e) => ({
        name: order.find((n) => new RegExp(`/assets/${n}-[^/]*$`).test(new URL(e.name).pathname)),
        start: e.startTime,
        end: (e as PerformanceResourceTiming).responseEnd,
      }))
      .filter((e) => e.name);
  }, PREFETCH_ORDER as string[]);
}

test('prefetch: only once the first screen is complete in Arabic, one file at a time, smallest first', async ({
  browser,
}) => {
  const words = catalogue('ar');
  const s = await scenario(browser, { setup: setup(), context: portalContext({ locale: 'ar' }) });
  const f = s.frame();
  await f.getByRole('button', { name: words['Add note'] }).waitFor();
  await f.waitForFunction(
    () => performance.getEntriesByType('resource').some((e) => /\/assets\/editor-/.test(e.name)),
    null,
    { timeout: 30_000 },
  );
  await f.waitForTimeout(300);
  const complete = (await shots(s)).find(
    (x) => x.main.includes(words['Add note'] ?? '?') && x.main.includes(COST),
  );
  assert.ok(complete, 'the first screen was complete in Arabic');
  const files = await prefetched(s);
  assert.equal(
    files.map((x) => x.name),
    PREFETCH_ORDER.filter((n) => files.some((x) => x.name === n)),
    'smallest first',
  );
  assert.ok(files.length >= PREFETCH_ORDER.length - 1, `prefetched: ${files.map((x) => x.name).join(', ')}`);
  for (const file of files)
    assert.ok(
      file.start >= (complete?.at ?? Number.POSITIVE_INFINITY),
      `${file.name} starts after the first screen`,
    );
  for (let i = 1; i < files.length; i++)
    assert.ok(
      (files[i]?.start ?? 0) >= (files[i - 1]?.end ?? Number.POSITIVE_INFINITY),
      `${files[i]?.name} starts after ${files[i - 1]?.name} ended`,
    );
});

test('Save-Data: nothing is prefetched', async ({ browser }) => {
  const s = await scenario(browser, {
    setup: setup((page) =>
      page.addInitScript(
        `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });`,
      ),
    ),
  });
  const f = s.frame();
  await waitText(f, COST);
  assert.is(
    await f.evaluate(
      () => (navigator as unknown as { connection: { saveData: boolean } }).connection.saveData,
    ),
    true,
  );
  await f.waitForTimeout(4000); // idle callbacks have a 3 s timeout
  assert.equal(await prefetched(s), []);
  // Still fetched on use: the editing chunk comes when the learner presses Add note.
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
});

test('the start-up failure: in English at once, then in Arabic from the catalogue the early start fetched', async ({
  browser,
}) => {
  const words = catalogue('ar');
  const failed = 'Notes could not start. Reload the page to try again.';
  const s = await scenario(browser, {
    context: portalContext({ locale: 'ar' }),
    setup: setup((page) =>
      // The app's first listener (the window's width) throws: the app cannot start.
      page.addInitScript(`if (window !== window.top) {
        const add = window.addEventListener;
        window.addEventListener = function (type, ...rest) {
          if (type === 'resize') throw new Error('test: the app cannot start');
          return add.call(this, type, ...rest);
        };
      }`),
    ),
  });
  const f = s.frame();
  const alert = f.getByRole('alert');
  await alert.filter({ hasText: words[failed] ?? '?' }).waitFor();
  const seen = (await shots(s)).map((x) => x.main || x.text).filter(Boolean);
  assert.ok(words[failed] && words[failed] !== failed, 'ar.json translates it');
  assert.is(await alert.getAttribute('dir'), 'auto');
  assert.ok(seen.length >= 1);
});

test('PREFETCH_ORDER is smallest first in this build (brotli bytes)', () => {
  const files = [...readdirSync(join(DIST, 'assets'))];
  const size = (name: string) => {
    const hits = files.filter((x) => x.startsWith(`${name}-`) && x.endsWith('.br'));
    assert.is(hits.length, 1, `${name}: one file (${hits.join(', ')})`);
    return statSync(join(DIST, 'assets', hits[0] ?? '')).size;
  };
  const sizes = PREFETCH_ORDER.map((n) => [n, size(n)] as const);
  for (let i = 1; i < sizes.length; i++)
    assert.ok(
      (sizes[i]?.[1] ?? 0) >= (sizes[i - 1]?.[1] ?? 0),
      `${sizes[i]?.[0]} (${sizes[i]?.[1]} B) is smaller than ${sizes[i - 1]?.[0]} (${sizes[i - 1]?.[1]} B): reorder PREFETCH_ORDER (src/platform/prefetch-policy.ts)`,
    );
});

test.run();
