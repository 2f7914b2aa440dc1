/**
 * axe-core on the open editor: zero violations (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA and best practices,
 * test/browser/support/axe.ts) with formatted text, a link and a list in it, in a light theme, a dark
 * one and in Arabic (right to left); with the link field open; and in the plain-text fallback.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { waitText } from './support/frame-helpers.ts';
import { portalContext } from './support/learners.ts';

const { test, scenario } = browserSuite('editor accessibility');

/** Waits until every stylesheet in the frame has loaded (the editor's comes with the editing chunk). */
const stylesLoaded = (f: Frame) =>
  f.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((l) => l.sheet !== null),
  );

/** Opens Add note (by its place in the page, whatever the language) and writes formatted text. */
async function openAndWrite(f: Frame, page: Page) {
  await f.locator('.screen-head button').click();
  await f.locator('.ql-editor').waitFor();
  await f.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
  await stylesLoaded(f);
  const k = page.keyboard;
  await k.type('Plain, ');
  await k.press('Control+b');
  await k.type('bold');
  await k.press('Control+b');
  await k.press('Enter');
  await f.locator('.rt-toolbar button').nth(8).click(); // bulleted list
  await k.type('a point');
  await k.press('Enter');
  await k.press('Enter');
  await f.locator('.rt-toolbar button').nth(11).click(); // link: a link to the address itself
  await k.type('example.com');
  await k.press('Enter');
}

const CASES = [
  { label: 'light (blue), en', context: {} },
  { label: 'dark (gypsum-night, dark mode), en', context: { theme: 'gypsum-night', darkMode: true } },
  { label: 'light (blue), ar (right to left)', context: { locale: 'ar' } },
] as const;

for (const c of CASES) {
  test(`no violations with the editor open — ${c.label}`, async ({ browser }) => {
    const s = await scenario(browser, { context: portalContext(c.context) });
    const f = s.frame();
    await waitText(f, 'The cost function measures the squared error.');
    await openAndWrite(f, s.page);
    assert.is(await f.locator('.ql-editor a').count(), 1, 'the link went in');
    if ('locale' in c.context) {
      assert.is(await f.locator('.rt-editor').evaluate((el) => getComputedStyle(el).direction), 'rtl');
      const box = await f.locator('.rt-toolbar button').first().boundingBox();
      const bar = await f.locator('.rt-toolbar').boundingBox();
      assert.ok(
        box && bar && box.x + box.width > bar.x + bar.width - 12,
        'the first button sits on the right',
      );
    }
    await expectNoAxeViolations(f, `the open editor, ${c.label}`);
    await f.locator('.rt-toolbar button').nth(11).click(); // the link field, open
    await f.locator('.rt-link input').waitFor();
    await expectNoAxeViolations(f, `the link field, ${c.label}`);
  });
}

test('no violations in the plain-text fallback', async ({ browser }) => {
  const s = await scenario(browser);
  const f = s.frame();
  await waitText(f, 'The cost function measures the squared error.');
  await openAndWrite(f, s.page);
  for (let i = 0; i < 4; i++) {
    await f.evaluate(() => {
      (document.querySelector('.ql-editor') as HTMLElement).dataset.crashed = 'yes';
      (window as unknown as { __notesEditorFault(): void }).__notesEditorFault();
    });
    await s.page.keyboard.type('x');
    await f.waitForFunction(() =>
      document.activeElement?.matches('.ql-editor:not([data-crashed]), textarea'),
    );
  }
  await f.locator('textarea').waitFor();
  await expectNoAxeViolations(f, 'the fallback text box');
});

test.run();
