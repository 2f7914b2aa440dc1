/**
 * axe-core on `/`: zero violations of any impact (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA) in a light and
 * a dark theme, in English and Arabic (right to left), at 1024 px and 360 px, with the notes
 * listed and with the Add note form open.
 */
import type { Frame } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { setFrameWidth, waitText } from './support/frame-helpers.ts';
import { portalContext } from './support/learners.ts';
import { waitEditorFocused } from './support/note-editor.ts';

const { test, scenario } = browserSuite('home screen accessibility');

/** Waits until every stylesheet in the frame has loaded (themes arrive as separate sheets). */
const stylesLoaded = (f: Frame) =>
  f.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((l) => l.sheet !== null),
  );

/** Waits for the layout of a frame width to apply (below 700 px the app root is `narrow`). */
const layoutFor = (f: Frame, width: number) => f.waitForSelector(width < 700 ? '.app.narrow' : '.app.wide');

const THEMES = [
  { name: 'blue', darkMode: false, label: 'light (blue)' },
  { name: 'gypsum-night', darkMode: true, label: 'dark (gypsum-night, dark mode)' },
] as const;

for (const theme of THEMES) {
  for (const locale of ['en', 'ar'] as const) {
    test(`no violations on / — ${theme.label}, ${locale}, 1024 px and 360 px, list and Add note form`, async ({
      browser,
    }) => {
      const s = await scenario(browser, {
        context: portalContext({ theme: theme.name, darkMode: theme.darkMode, locale }),
        width: 1024,
      });
      const f = s.frame();
      await f.waitForFunction((l) => document.documentElement.lang === l, locale);
      await waitText(f, 'The cost function measures the squared error.');
      await stylesLoaded(f);
      for (const width of [1024, 360]) {
        await setFrameWidth(s.page, width);
        await layoutFor(f, width);
        const where = `/ (${theme.label}, ${locale}, ${width} px)`;
        await expectNoAxeViolations(f, where);
        await f.locator('.screen-head button').click(); // Add note, in the learner's language
        // the rich-text editor, mounted and focused (its label is in the learner's language)
        await f.locator('.ql-editor[role=textbox]').waitFor();
        await waitEditorFocused(f);
        await stylesLoaded(f);
        await expectNoAxeViolations(f, `${where} with the Add note form open`);
        await f.locator('.note-editor .editor-actions button[type=button]').click(); // Cancel
        await f.locator('.ql-editor').waitFor({ state: 'detached' });
      }
    });
  }
}

test.run();
