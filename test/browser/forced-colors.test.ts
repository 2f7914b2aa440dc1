/**
 * Forced colours (Windows High Contrast), emulated with `forced-colors: active` in a light and a
 * dark palette: on every screen and state of the tour (support/screen-tour.ts) axe finds nothing
 * and every control is visible and told apart from text (support/forced-colour-checks.ts); focus
 * shows on every Tab stop; and what is selected or pressed — the current screen's link, a pressed
 * toolbar button, the highlighted tag suggestion, the note open for editing on `/view`, a collapsed
 * group — differs by more than a colour, since forced colours replace the theme's colours.
 */
import type { Frame, Locator } from 'playwright-core';
import * as assert from 'uvu/assert';
import { axeViolations, describeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { controlProblems, focusRingProblems } from './support/forced-colour-checks.ts';
import { waitText } from './support/frame-helpers.ts';
import { waitEditorFocused } from './support/note-editor.ts';
import { stylesLoaded, waitCard } from './support/screen-data.ts';
import { COST_NOTE, tourScreens } from './support/screen-tour.ts';

const { test, scenario } = browserSuite('forced colours');

const SCHEMES = ['light', 'dark'] as const;

/** Opens `/` in forced colours with the `scheme` palette; checks the frame sees the emulation. */
async function forced(browser: Parameters<typeof scenario>[0], scheme: 'light' | 'dark' = 'light') {
  const s = await scenario(browser, { width: 1024 });
  await s.page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
  const f = s.frame();
  assert.ok(
    await f.evaluate(() => matchMedia('(forced-colors: active)').matches),
    'the frame is in forced colours',
  );
  await waitText(f, COST_NOTE);
  return { s, f };
}

/** The computed styles a test compares, of an element or one of its pseudo-elements. */
const look = (l: Locator, pseudo: string | null = null) =>
  l.evaluate((el, p) => {
    const c = getComputedStyle(el, p);
    return {
      background: c.backgroundColor,
      color: c.color,
      border: Number.parseFloat(c.borderTopWidth),
      outline: c.outlineStyle === 'none' ? 0 : Number.parseFloat(c.outlineWidth),
      underline: c.textDecorationLine.includes('underline'),
      weight: Number(c.fontWeight),
      transform: c.transform,
    };
  }, pseudo);

/** A system colour as the frame resolves it in the current palette. */
const systemColour = (f: Frame, name: string) =>
  f.evaluate((n) => {
    const probe = document.createElement('span');
    probe.style.color = n;
    document.body.append(probe);
    const resolved = getComputedStyle(probe).color;
    probe.remove();
    return resolved;
  }, name);

for (const scheme of SCHEMES) {
  test(`axe finds nothing and every control shows, on every screen — forced colours, ${scheme}`, async ({
    browser,
  }) => {
    const { s, f } = await forced(browser, scheme);
    const problems: string[] = [];
    await tourScreens(s, async (where) => {
      const at = `${where} (forced colours, ${scheme})`;
      const violations = (await axeViolations(f)).filter((v) => v.id !== 'color-contrast');
      if (violations.length) problems.push(`axe in ${at}:\n${describeViolations(violations)}`);
      problems.push(...(await controlProblems(f, at)));
    });
    assert.equal(problems, [], problems.join('\n'));
  });
}

test('focus shows on every Tab stop: the list, the open editor, /view', async ({ browser }) => {
  const { s, f } = await forced(browser);
  const problems = await focusRingProblems(s.page, f, '/', 12);
  await f.locator('.screen-head button').click(); // Add note
  await waitEditorFocused(f);
  await stylesLoaded(f);
  problems.push(...(await focusRingProblems(s.page, f, '/ with the editor open', 12)));
  await f.locator('.note-editor .editor-actions button[type=button]').click(); // Cancel
  await f.locator('.ql-editor').waitFor({ state: 'detached' });
  await f.locator('nav.app-nav a[href$="/view"]').click();
  await waitCard(f, COST_NOTE);
  await stylesLoaded(f);
  problems.push(...(await focusRingProblems(s.page, f, '/view', 12)));
  assert.equal(problems, [], problems.join('\n'));
});

test('the current screen, a pressed button, the highlighted suggestion, the open note and a collapsed group show by more than colour', async ({
  browser,
}) => {
  const { s, f } = await forced(browser);
  const highlight = await systemColour(f, 'Highlight');

  // The current screen's link: underlined and bold, the others neither.
  const current = await look(f.locator('nav.app-nav a[aria-current="page"]'));
  const other = await look(f.locator('nav.app-nav a:not([aria-current])').first());
  assert.ok(current.underline && !other.underline, 'only the current screen’s link is underlined');
  assert.ok(current.weight > other.weight, 'the current screen’s link is bolder');

  // A pressed toolbar button: the selection colours, and a thicker border than the others.
  await f.locator('.screen-head button').click();
  await waitEditorFocused(f);
  await stylesLoaded(f);
  await s.page.keyboard.press('Control+b');
  await s.page.keyboard.type('bold');
  const pressed = await look(f.locator('.rt-button[aria-pressed="true"]').first());
  const unpressed = await look(f.locator('.rt-button[aria-pressed="false"]').first());
  assert.is(pressed.background, highlight, 'a pressed button is filled with Highlight');
  assert.is.not(unpressed.background, highlight, 'an unpressed one is not');
  assert.is.not(pressed.color, pressed.background, 'its glyph shows on the fill');
  assert.ok(
    pressed.border > unpressed.border,
    `a thicker border (${pressed.border} > ${unpressed.border} px)`,
  );

  // The highlighted tag suggestion: outlined, and in the selection colours.
  const tags = f.locator('.tag-combo input');
  await tags.fill('ex');
  const option = f.locator('.tag-suggestions [role=option]').first();
  const offered = await look(option); // shown, not yet highlighted
  await tags.press('ArrowDown');
  assert.is(await option.getAttribute('aria-selected'), 'true');
  const chosen = await look(option);
  assert.ok(chosen.outline >= 2 && offered.outline === 0, 'the highlighted suggestion is outlined');
  assert.is(chosen.background, highlight);
  await tags.press('Escape');
  await tags.fill('');
  s.page.once('dialog', (d) => d.accept()); // "Discard your changes?"
  await f.locator('.note-editor .editor-actions button[type=button]').click(); // Cancel
  await f.locator('.ql-editor').waitFor({ state: 'detached' });

  // The note open for editing on /view (wide): a thick outline; the other cards none.
  await f.locator('nav.app-nav a[href$="/view"]').click();
  await waitCard(f, COST_NOTE);
  await f.locator('main article', { hasText: COST_NOTE }).locator('.note-actions button').first().click();
  await f.locator('.view-body.has-detail .ql-editor').waitFor();
  await stylesLoaded(f);
  const open = await look(f.locator('li.is-open > .note'));
  const closed = await look(f.locator('.view-list li:not(.is-open) > .note').first());
  assert.ok(open.outline >= 2 && closed.outline === 0, `the open note is outlined (${open.outline} px)`);
  await f.locator('.view-detail .editor-actions button[type=button]').click(); // Cancel
  await f.locator('.ql-editor').waitFor({ state: 'detached' });

  // A group's toggle: framed as a button; its chevron points another way once collapsed.
  await f.locator('nav.app-nav a[href$="/course"]').click();
  await f.locator('main .course-open', { hasText: 'Machine Learning Foundations' }).click();
  await waitCard(f, COST_NOTE);
  await stylesLoaded(f);
  const toggle = f.locator('main .course-group.level-2 > .group-head .group-toggle').last();
  const expanded = await look(toggle, '::before');
  assert.ok((await look(toggle)).border >= 1, 'the toggle is framed');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  assert.is.not((await look(toggle, '::before')).transform, expanded.transform, 'the chevron turns');
});

test.run();
