/**
 * A build with `--base /notes/` served under that sub-path: assets, locale files, routes and API
 * calls all stay inside the base, and the start-up rule still sees `/view`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { build, resolveOptions } from '../../build.mjs';
import { openScenario, wireContext } from './support/app-fixture.ts';
import { launchChromium } from './support/chromium.ts';
import { createFakeApi } from './support/fake-api.ts';

const test = suite<{ browser: Browser; dist: string }>('base path');

test.before(async (ctx) => {
  ctx.dist = mkdtempSync(join(tmpdir(), 'notes-base-'));
  await build(resolveOptions(['--out', ctx.dist, '--base', '/notes/']));
  ctx.browser = await launchChromium();
});
test.after(async (ctx) => {
  await ctx.browser.close();
  rmSync(ctx.dist, { recursive: true, force: true });
});

test('the app runs under /notes/: routes, assets, locales and the API stay inside it', async ({
  browser,
  dist,
}) => {
  const api = createFakeApi();
  const s = await openScenario(browser, { api: api.handler, dist, base: '/notes/', route: '/notes/view' });
  try {
    const f = s.frame();
    await f.waitForFunction(() => document.querySelector('main h1')?.textContent === 'All notes');
    assert.is(await f.evaluate(() => location.pathname), '/notes/view');
    assert.ok(
      api.seen.some((r) => r.path === '/notes/fetch'),
      'the API was reached under /notes/api/v1',
    );
    const href = await f.locator('nav a', { hasText: 'Courses' }).getAttribute('href');
    assert.is(href, '/notes/course');
    await f.locator('nav a', { hasText: 'Courses' }).click();
    await f.waitForFunction(() => location.pathname === '/notes/course');
    await s.send('CONTEXT_CHANGE', wireContext({ locale: 'de' }));
    await f.waitForFunction(() => document.documentElement.lang === 'de');
  } finally {
    await s.close();
  }
});

test.run();
