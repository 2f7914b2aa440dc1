/**
 * axe-core on `/view` and the course screens: zero violations of any impact (WCAG 2.0 A/AA, 2.1 AA,
 * 2.2 AA, plus axe's best practices) in a light and a dark theme, in English and Arabic (right to
 * left), at 1024 px and 360 px: `/view` listing notes and with a search marking its matches,
 * `/course` listing courses, and a course's grouped notes with one group collapsed. At 360 px and
 * 320 px no screen scrolls sideways.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST } from './support/demo-video.ts';
import { REQUEST_BODIES } from './support/engine.ts';
import { portalContext } from './support/learners.ts';
import { expectNoSideScroll, isFetch, resizeFrame, stylesLoaded, waitCard } from './support/screen-data.ts';

const { test, scenario } = browserSuite('all notes and course screens accessibility');

const THEMES = [
  { name: 'blue', darkMode: false, label: 'light (blue)' },
  { name: 'gypsum-night', darkMode: true, label: 'dark (gypsum-night, dark mode)' },
] as const;

/** Runs a check, keeping its failure in `problems` so every screen and width is still checked. */
async function collect(problems: string[], check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The screen as it is now at 1024, 360 and 320 px: axe at the first two, and no sideways scroll at
 * the last two; failures go to `problems`. Ends at 1024 px.
 */
async function checkWidths(page: Page, f: Frame, where: string, problems: string[]): Promise<void> {
  for (const width of [1024, 360, 320]) {
    await resizeFrame(page, f, width);
    await stylesLoaded(f);
    const at = `${where}, ${width} px`;
    if (width !== 320) await collect(problems, () => expectNoAxeViolations(f, at));
    if (width <= 360) await collect(problems, () => expectNoSideScroll(f, at));
  }
  await resizeFrame(page, f, 1024);
}

for (const theme of THEMES) {
  for (const locale of ['en', 'ar'] as const) {
    test(`no violations on /view, /course and a course — ${theme.label}, ${locale}; no sideways scroll at 360 and 320 px`, async ({
      browser,
    }) => {
      const s = await scenario(browser, {
        route: '/view',
        context: portalContext({ theme: theme.name, darkMode: theme.darkMode, locale }),
        width: 1024,
      });
      const f = s.frame();
      const label = (screen: string) => `${screen} (${theme.label}, ${locale})`;
      const problems: string[] = [];
      await f.waitForFunction((l) => document.documentElement.lang === l, locale);
      assert.is(await f.evaluate(() => document.documentElement.dir), locale === 'ar' ? 'rtl' : 'ltr');
      await waitCard(f, COST);
      await checkWidths(s.page, f, label('/view with notes'), problems);

      // A search whose matches are marked, once the server has answered it.
      // (without request bodies, in Firefox, the next fetch is the search: the list has loaded)
      const search = (b: Record<string, unknown>) => !REQUEST_BODIES || b.query === 'cost';
      const answered = s.page.waitForResponse((r) => isFetch(r.request(), search));
      await f.locator('main input[type=search]').fill('cost');
      await answered;
      await f.locator('main article mark').first().waitFor();
      await checkWidths(s.page, f, label('/view searching "cost"'), problems);

      // The courses (the nav link names the screen in the learner's language).
      await f.locator('nav.app-nav a[href$="/course"]').click();
      await f.locator('main .course-open').first().waitFor();
      await checkWidths(s.page, f, label('/course'), problems);

      // A course's grouped notes, one module collapsed.
      await f.locator('main .course-open', { hasText: 'Machine Learning Foundations' }).click();
      await waitCard(f, COST);
      const lastModule = f.locator('main .course-group.level-2 > .group-head .group-toggle').last();
      await lastModule.click();
      assert.is(await lastModule.getAttribute('aria-expanded'), 'false');
      await checkWidths(s.page, f, label('/course/course-ml-101 with a group collapsed'), problems);
      assert.equal(problems, [], problems.join('\n\n'));
    });
  }
}

test.run();
