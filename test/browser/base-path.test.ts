/**
 * A build with `--base /notes/` mounted under that sub-path by a portal's reverse proxy in front of
 * the harness's app server: assets, locale files, routes and API calls all stay inside the base,
 * and the start-up rule still sees `/view`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { build, resolveOptions } from '../../build.mjs';
import { openScenario } from './support/app-fixture.ts';
import { launchChromium } from './support/chromium.ts';
import { portalContext } from './support/learners.ts';

const test = suite<{ browser: Browser; dist: string }>('base path');

test.before(async (ctx) => {
  ctx.dist = mkdtempSync(join(tmpdir(), 'notes-base-'));
  await build(resolveOptions(['--out', ctx.dist, '--base', '/notes/', '--local-parents', '--quiet']));
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
  const s = await openScenario(browser, { stackOptions: { dist, mount: '/notes/' }, route: '/view' });
  try {
    const f = s.frame();
    await f.waitForFunction(() => document.querySelector('main h1')?.textContent === 'All notes');
    assert.is(await f.evaluate(() => location.pathname), '/notes/view');
    const call = s.apiRequests.find((r) => r.url().includes('/notes/fetch'));
    assert.ok(call, 'the notes were fetched');
    assert.is(new URL(call.url()).pathname, '/notes/api/v1/notes/fetch', 'under the base');
    assert.ok(
      s.stack.calls.some((l) => /^POST \/api\/v1\/notes\/fetch 200 /.test(l)),
      'and reached the API through the mount',
    );
    const courses = f.locator('nav a', { hasText: 'Courses' });
    assert.is(await courses.getAttribute('href'), '/notes/course');
    await courses.click();
    await f.waitForFunction(() => location.pathname === '/notes/course');
    await s.send('CONTEXT_CHANGE', portalContext({ locale: 'de' }));
    await f.waitForFunction(() => document.documentElement.lang === 'de');
    const locale = await f.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .find((p) => p.includes('/locales/de')),
    );
    assert.match(String(locale), /^\/notes\/locales\/de-/);
  } finally {
    await s.close();
  }
});

test.run();
