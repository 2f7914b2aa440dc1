/**
 * Tags, search operators and "start a few seconds earlier" end to end (issue 17), against the real
 * mock API, in English and Arabic: the chips field in the editor (Enter, comma, Backspace, each
 * chip's remove button, suggestions from the learner's own tags as a listbox, the limits said next
 * to the field), tags on cards, a tag activated on a card filtering `/view` through the API's
 * `tags` filter, the operators of `Search notes`, tags in the Markdown export, and Go to seeking
 * earlier while its label keeps the note's time. axe runs on the tag field.
 */
import { readFileSync } from 'node:fs';
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST, COST_ID, card, HINDI, onDemoVideo, VIDEO } from './support/demo-video.ts';
import { BIDI_GAPS, chromiumOnly } from './support/engine.ts';
import { seeks, waitText } from './support/frame-helpers.ts';
import { portalContext } from './support/learners.ts';
import { savedFile } from './support/saved-file.ts';
import { cardTexts, eventually, fetchBodies, waitCards } from './support/screen-data.ts';

const AR = JSON.parse(readFileSync(new URL('../../locales/ar.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const { test, scenario } = browserSuite('tags, search operators, seek offset');
const withBodies = chromiumOnly(test, BIDI_GAPS.bodies);

/** Words per language (from the catalogues; the test fails if a translation changes under it). */
const WORDS = {
  en: {
    tags: 'Tags',
    edit: 'Edit note',
    save: 'Save',
    remove: (tag: string) => `Remove tag ${tag}`,
    tagged: (tag: string) => `Notes tagged ${tag}`,
    duplicate: (tag: string) => `This note already has the tag ${tag}.`,
    tooMany: 'A note can have at most 10 tags.',
    search: 'Search notes',
    exportLine: (tags: string) => `Tags: ${tags}`,
  },
  ar: {
    tags: 'الوسوم',
    edit: 'تعديل الملاحظة',
    save: 'حفظ',
    remove: (tag: string) => `إزالة الوسم ${tag}`,
    tagged: (tag: string) => `الملاحظات ذات الوسم ${tag}`,
    duplicate: (tag: string) => `هذه الملاحظة تحمل الوسم ${tag} من قبل.`,
    tooMany: 'يمكن أن تحمل الملاحظة 10 وسوم على الأكثر.',
    search: 'البحث في الملاحظات',
    exportLine: (tags: string) => `الوسوم: ${tags}`,
  },
} as const;
type Lang = keyof typeof WORDS;

const tagInput = (f: Frame, w: (typeof WORDS)[Lang]) =>
  f.getByRole('combobox', { name: w.tags, exact: true });
const chips = (f: Frame) => f.locator('.tag-chip > span').allInnerTexts();
/** Asserts the chips read `want`, waiting up to 3 s for the render that follows the keys. */
const expectChips = async (f: Frame, want: string[], message?: string) => {
  const read = (w: string) =>
    JSON.stringify(
      [...document.querySelectorAll<HTMLElement>('.tag-chip > span')].map((e) => e.innerText),
    ) === w;
  await f.waitForFunction(read, JSON.stringify(want), { timeout: 3000 }).catch(() => undefined);
  assert.equal(await chips(f), want, message);
};
const problemOf = async (f: Frame, w: (typeof WORDS)[Lang]) => {
  const ids = (await tagInput(f, w).getAttribute('aria-describedby')) ?? '';
  return f.evaluate(
    (list) =>
      list
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' | '),
    ids,
  );
};

for (const lang of ['en', 'ar'] as const) {
  const w = WORDS[lang];
  const open = (browser: Parameters<typeof scenario>[0], route = '/') =>
    onDemoVideo(scenario, browser, { context: portalContext({ locale: lang }), route });
  /** The cost note's editor open, the focus in its tag field. */
  const editCost = async (browser: Parameters<typeof scenario>[0]) => {
    const s = await open(browser);
    const f = s.frame();
    await card(f, COST).getByRole('button', { name: w.edit }).click();
    const input = tagInput(f, w);
    await input.waitFor();
    await input.focus();
    return { s, f, input };
  };

  test(`${lang}: tags in the editor by keyboard — Enter, comma, Backspace, a suggestion, a refusal said next to the field; saved and shown on the card`, async ({
    browser,
  }) => {
    const { s, f, input } = await editCost(browser);
    await expectChips(f, ['exam'], 'the note’s own tag is a chip');
    await s.page.keyboard.type('Review week');
    await s.page.keyboard.press('Enter');
    await s.page.keyboard.type('مراجعة,');
    await expectChips(f, ['exam', 'Review week', 'مراجعة']);
    assert.is(await input.inputValue(), '', 'a comma ends the tag');
    // Suggestions from the learner's own tags (the notes loaded): "हि" → "हिंदी" (her Hindi note).
    await s.page.keyboard.type('हि');
    const list = f.getByRole('listbox');
    await list.getByRole('option', { name: 'हिंदी' }).waitFor();
    assert.is(await input.getAttribute('aria-expanded'), 'true');
    await s.page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    assert.ok(active && (await f.locator(`[id="${active}"]`).innerText()) === 'हिंदी', 'the option is active');
    await expectNoAxeViolations(f, `${lang}: tag field with its suggestions open`);
    // Escape closes the list first (the editor stays open); the arrows open it again.
    await s.page.keyboard.press('Escape');
    assert.is(await input.getAttribute('aria-expanded'), 'false');
    assert.is(await input.count(), 1, 'the editor is still open');
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('ArrowDown');
    await s.page.keyboard.press('Enter');
    await expectChips(f, ['exam', 'Review week', 'مراجعة', 'हिंदी']);
    // Backspace in the empty field takes the last chip off; a remove button takes its own.
    await s.page.keyboard.press('Backspace');
    await expectChips(f, ['exam', 'Review week', 'مراجعة']);
    await f.getByRole('button', { name: w.remove('Review week'), exact: true }).click();
    await expectChips(f, ['exam', 'مراجعة']);
    // The same tag in other letters is refused, and why is the field's description.
    await input.fill('EXAM');
    await input.press('Enter');
    await expectChips(f, ['exam', 'مراجعة']);
    assert.is(await input.inputValue(), 'EXAM', 'a refused tag stays typed');
    assert.match(await problemOf(f, w), w.duplicate('exam'));
    assert.is(await input.getAttribute('aria-invalid'), 'true');
    await expectNoAxeViolations(f, `${lang}: tag field with a refusal`);
    await input.fill('');
    await f.getByRole('button', { name: w.save, exact: true }).click();
    await eventually(
      async () => (await s.stack.client().note(COST_ID, VIDEO))?.tags.join() === 'exam,مراجعة',
      'the stored tags',
    );
    const tagButtons = card(f, COST).getByRole('button', { name: w.tagged('مراجعة'), exact: true });
    await tagButtons.waitFor();
    assert.is(await tagButtons.innerText(), 'مراجعة');
    assert.is(await tagButtons.getAttribute('dir'), 'auto');
  });

  test(`${lang}: over the limit — an 11th tag is refused and the limit is said next to the field`, async ({
    browser,
  }) => {
    const { s, f, input } = await editCost(browser);
    await s.page.keyboard.type(`${Array.from({ length: 9 }, (_, i) => `t${i + 1}`).join(',')},`);
    assert.is((await chips(f)).length, 10);
    await s.page.keyboard.type('eleven');
    await s.page.keyboard.press('Enter');
    assert.is((await chips(f)).length, 10);
    assert.match(await problemOf(f, w), w.tooMany);
    assert.is(await f.getByRole('status').filter({ hasText: w.tooMany }).count(), 1, 'a live status');
    // Saved as typed so far: ten tags, and the eleventh left in the field is refused again.
    await f.getByRole('button', { name: w.save, exact: true }).click();
    assert.match(await problemOf(f, w), w.tooMany);
    await input.fill('');
    await f.getByRole('button', { name: w.save, exact: true }).click();
    await eventually(
      async () => (await s.stack.client().note(COST_ID, VIDEO))?.tags.length === 10,
      'ten stored tags',
    );
  });

  withBodies(
    `${lang}: activating a tag on a card opens /view filtered by it, through the API's tags filter`,
    async ({ browser }) => {
      const s = await open(browser);
      const f = s.frame();
      await card(f, COST)
        .getByRole('button', { name: w.tagged('exam'), exact: true })
        .click();
      const search = f.getByLabel(w.search, { exact: true });
      await search.waitFor();
      assert.is(await search.inputValue(), 'tag:exam');
      await eventually(async () => {
        const texts = await cardTexts(f);
        return texts.length === 2 && texts[0]!.startsWith('Learning rate tips:') && texts[1] === COST;
      }, 'the two notes tagged exam, newest first');
      assert.ok(
        fetchBodies(s).some((b) => JSON.stringify(b.tags) === '["exam"]' && b.query === undefined),
        `a fetch with tags: ["exam"]: ${JSON.stringify(fetchBodies(s))}`,
      );
      assert.not.ok(
        (await cardTexts(f)).some((t) => t.includes(HINDI)),
        'untagged notes are not shown',
      );
    },
  );
}

for (const lang of ['en', 'ar'] as const)
  withBodies(
    `${lang}: operators — tag: and free text go to the API, course: is matched here; unknown operators are text`,
    async ({ browser }) => {
      const s = await onDemoVideo(scenario, browser, {
        route: '/view',
        context: portalContext({ locale: lang }),
      });
      const f = s.frame();
      const search = f.getByLabel(WORDS[lang].search, { exact: true });
      await search.fill('tag:exam cost');
      await waitCards(f, [COST]);
      await eventually(
        async () => fetchBodies(s).some((b) => b.query === 'cost' && JSON.stringify(b.tags) === '["exam"]'),
        'the API asked for query "cost" and tags ["exam"]',
      );
      await search.fill('course:"accessible web" ');
      await eventually(async () => {
        const texts = await cardTexts(f);
        return texts.length === 2 && texts.every((t) => !t.includes('cost'));
      }, 'only the Accessible Web Design notes');
      assert.not.ok(
        fetchBodies(s).some((b) => typeof b.query === 'string' && b.query.includes('course')),
        'course: is never sent as text',
      );
      await search.fill('tag:हिंदी');
      await waitCards(f, [HINDI]);
      await search.fill('user:asha');
      await eventually(
        async () => fetchBodies(s).some((b) => b.query === 'user:asha'),
        'an unknown operator is searched for as text',
      );
      // The help lists the operators; it describes the field.
      const help = f.locator('details.search-help');
      await help.locator('summary').click();
      for (const op of [
        'tag:exam',
        'course:"Data Science"',
        'after:2026-11-01',
        'before:2026-11-01',
        'is:unsaved',
      ])
        assert.is(await help.locator('code', { hasText: op }).count(), 1, op);
      assert.is(await search.getAttribute('maxlength'), '500');
    },
  );

test('the editor arriving late never takes the focus, nor the typing, from the tag field', async ({
  browser,
}) => {
  // The editor bundle held back (a slow link): the learner moves on to the tags and types there.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const s = await onDemoVideo(scenario, browser, {
    context: portalContext({ locale: 'en' }),
    setup: (page) =>
      page.route(/\/assets\/editor-[^/?]*\.js(\?|$)/, async (route) => {
        await held;
        await route.fallback();
      }),
  });
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: WORDS.en.edit }).click();
  const input = tagInput(f, WORDS.en);
  await input.waitFor();
  await input.focus();
  await s.page.keyboard.type('rev');
  release();
  await f.locator('.ql-editor').waitFor();
  await s.page.keyboard.type('ision');
  await s.page.keyboard.press('Enter');
  await expectChips(f, ['exam', 'revision'], 'every key went to the tag field');
  assert.is(await input.evaluate((el) => el === document.activeElement), true, 'the focus stayed there');
});

test('Go to starts as many seconds earlier as the setting on /view says; the label keeps the note’s time; pages unchanged', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  let f = s.frame();
  await f.getByRole('link', { name: 'All notes' }).click();
  const setting = f.getByLabel('Go to a note’s time', { exact: true });
  await setting.selectOption({ label: '5 seconds earlier' });
  await f.getByRole('link', { name: 'My notes' }).click();
  f = s.frame();
  const go = card(f, COST).getByRole('button', { name: 'Go to 03:12', exact: true });
  await go.click();
  await eventually(async () => (await seeks(s)).length === 1, 'a SEEK');
  assert.equal(
    (await seeks(s)).map((m) => m.data),
    [{ subApplicationName: 'NOTES', requestId: 'SEEK', refId: VIDEO, seconds: 187 }],
  );
  // Kept on the device for this learner: a reload still seeks earlier.
  await s.page.reload();
  await waitText(s.page.frames().find((x) => x.url().startsWith(s.stack.appOrigin)) ?? f, COST).catch(
    () => undefined,
  );
  await eventually(async () => (await card(s.frame(), COST).count()) === 1, 'the note after the reload');
  f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Go to 03:12', exact: true }).click();
  await eventually(async () => (await seeks(s)).length === 1, 'a SEEK after the reload');
  assert.equal((await seeks(s)).at(-1)?.data, {
    subApplicationName: 'NOTES',
    requestId: 'SEEK',
    refId: VIDEO,
    seconds: 187,
  });
});

test('en and ar: the course export lists each note’s tags', async ({ browser }) => {
  for (const lang of ['en', 'ar'] as const) {
    const s = await scenario(browser, { route: '/course', context: portalContext({ locale: lang }) });
    const f = s.frame();
    const course = f.getByRole('button', { name: 'Machine Learning Foundations', exact: true });
    await course.click();
    await f.locator('main article').first().waitFor();
    const exportName = lang === 'en' ? 'Export' : AR.Export;
    const file = await savedFile(s.page, f, () =>
      f.getByRole('button', { name: exportName, exact: true }).click(),
    );
    assert.ok(file.text.includes(WORDS[lang].exportLine('exam')), file.text);
    assert.ok(file.text.includes(WORDS[lang].exportLine('exam, tips')), file.text);
    await s.close();
  }
});

test.run();
