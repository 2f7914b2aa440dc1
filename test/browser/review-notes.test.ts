/**
 * Choosing what to review (issue 27), end to end through the harness's app server and the notes
 * service in dev mode: "Review this note" in the editor, "Hide in review" by its button and
 * Alt+Shift+H (stored as `span.cloze`), the card's "In review" mark, `is:review` in Search notes,
 * Export for Anki on the course screen, the plain-text fallback keeping hidden words as `{{…}}`,
 * and axe on the editor with the new controls in light and dark.
 *
 * One test depends on the review branch of the service and of the API parser being merged (the
 * service storing `inReview`, the app keeping it from the answer): its name starts with
 * "[service]".
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { seedData } from '../../harness/api/seed.ts';
import type { NewNote, Note } from '../../src/protocol/api-types.ts';
import { bodyOf } from './support/api-faults.ts';
import type { Scenario } from './support/app-fixture.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { card, onDemoVideo, VIDEO } from './support/demo-video.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';
import { ASHA, portalContext } from './support/learners.ts';
import { savedFile } from './support/saved-file.ts';
import { eventually, fetchBodies, stylesLoaded } from './support/screen-data.ts';

const suite = browserSuite('review: choosing notes, hidden words, is:review, Anki');
const { test } = suite;

/**
 * Asha's seeded notes with none in review (no box ticked, no hidden words, no card): these tests
 * count the notes in review, so they start from none.
 */
const notesOutOfReview = (): Note[] =>
  seedData()
    .filter((o) => o.owner.wid === ASHA.wid)
    .map(({ note }) => ({
      ...note,
      content: note.content.replace(/<span class="cloze">(.*?)<\/span>/g, '$1'),
      inReview: false,
      review: null,
    }));

/** A scenario on Asha's seeded notes, none of them in review. */
const scenario: typeof suite.scenario = (browser, options = {}) =>
  suite.scenario(browser, {
    ...options,
    stackOptions: { data: { notes: notesOutOfReview() }, ...options.stackOptions },
  });

const tool = (f: Frame, name: string) => f.getByRole('toolbar').getByRole('button', { name, exact: true });
const reviewBox = (f: Frame) => f.getByRole('checkbox', { name: 'Review this note', exact: true });

/** Opens Add note and waits for the editable text to have focus. */
async function addNote(f: Frame) {
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  await f.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
}

/** Selects `count` characters to the left of the caret. */
async function selectLeft(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.keyboard.press('Shift+ArrowLeft');
}

/** The stored note on the demo video whose text starts with `start`. */
const storedOn = async (s: Scenario, start: string): Promise<Note | undefined> =>
  (await s.stack.client().notesOn(VIDEO)).find((n) => n.text.startsWith(start));

/** A note on the demo video (course Machine Learning Foundations), added through the API. */
const onVideo = (text: string, content: string, over: Partial<NewNote> = {}): NewNote => ({
  refId: VIDEO,
  moduleId: 'module-ml-1',
  courseId: 'course-ml-101',
  refTitle: 'Linear regression explained',
  moduleTitle: 'Supervised learning',
  courseTitle: 'Machine Learning Foundations',
  domain: 'lex-dev.infosysapps.com',
  appRef: null,
  displayName: 'Asha Verma',
  content,
  text,
  anchor: { kind: 'time', seconds: 75 },
  tags: ['exam'],
  ...over,
});

const CLOZE_TEXT = 'The mitochondria makes ATP';
const CLOZE_HTML = '<p>The <span class="cloze">mitochondria</span> makes <span class="cloze">ATP</span></p>';

test('Review this note: a labelled box, unticked for a new note; ticked, the add sends inReview: true', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await addNote(f);
  await s.page.keyboard.type('Gradient descent takes small steps');
  assert.is(await reviewBox(f).isChecked(), false);
  await reviewBox(f).check();
  assert.is(await reviewBox(f).isChecked(), true);
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  const add = s.apiRequests.find((r) => r.url().endsWith('/api/v1/notes/add'));
  assert.ok(add, 'the note was sent');
  assert.is(bodyOf(add)?.inReview, true);

  await addNote(f);
  await s.page.keyboard.type('Not for review');
  // The status still says "Note saved" from the first add, so wait for the second add itself.
  const second = s.page.waitForRequest((r) => r.url().endsWith('/api/v1/notes/add'));
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await second;
  const adds = s.apiRequests.filter((r) => r.url().endsWith('/api/v1/notes/add'));
  assert.is(adds.length, 2);
  assert.not.ok('inReview' in (bodyOf(adds[1] as (typeof adds)[number]) ?? {}), 'unticked: not sent at all');
});

test('a note ticked for review: the Review tab counts it once stored, without a reload', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  const tab = f.locator('.app-nav a', { hasText: 'Review' });
  await tab.waitFor(); // the summary answered: none due
  assert.is(await f.locator('.app-nav .tab-count').count(), 0, 'no count: nothing due');
  await addNote(f);
  await s.page.keyboard.type('Due from the moment it is saved');
  await reviewBox(f).check();
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  await eventually(
    async () => (await f.locator('.app-nav .tab-count').count()) === 1,
    'the tab to count the new note',
    5000,
  );
  assert.is(await f.locator('.app-nav .tab-count').innerText(), '1');
  assert.match(await tab.innerText(), /1 due today/);
});

test('[service] a ticked note is stored in review and its card says "In review", after a reload too', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await addNote(f);
  await s.page.keyboard.type('Learning rate too large diverges');
  await reviewBox(f).check();
  await s.page.keyboard.press('Control+Enter');
  await waitAnnounced(f, 'Note saved');
  const stored = await storedOn(s, 'Learning rate too large');
  assert.is(stored?.inReview, true, 'the service stored inReview');
  await card(f, 'Learning rate too large').getByText('In review', { exact: true }).waitFor();
  await s.page.reload();
  await waitText(s.frame(), 'Learning rate too large diverges');
  await card(s.frame(), 'Learning rate too large').getByText('In review', { exact: true }).waitFor();
});

test('Hide in review by its button and by Alt+Shift+H on selections: stored as span.cloze; the card shows the words, dotted, and "In review"', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  const k = s.page.keyboard;
  await addNote(f);
  await k.type(CLOZE_TEXT);
  assert.is(await tool(f, 'Hide in review').getAttribute('aria-keyshortcuts'), 'Alt+Shift+H');
  await selectLeft(s.page, 3); // ATP
  await k.press('Alt+Shift+KeyH');
  assert.is(
    await tool(f, 'Hide in review').getAttribute('aria-pressed'),
    'true',
    'the button follows the key',
  );
  await k.press('Home');
  for (let i = 0; i < 4; i++) await k.press('ArrowRight');
  for (let i = 0; i < 'mitochondria'.length; i++) await k.press('Shift+ArrowRight');
  assert.is(await tool(f, 'Hide in review').getAttribute('aria-pressed'), 'false');
  await tool(f, 'Hide in review').click();
  assert.is(await tool(f, 'Hide in review').getAttribute('aria-pressed'), 'true');
  assert.is(await f.locator('.ql-editor .cloze').count(), 2);
  // Hidden words put the note in review whatever the box says: checked, unavailable, and why.
  const box = reviewBox(f);
  assert.is(await box.isChecked(), true);
  assert.is(await box.getAttribute('aria-disabled'), 'true');
  await box.focus(); // still focusable, so its hint is heard
  await k.press('Space');
  assert.is(await box.isChecked(), true, 'Space (a click) does not untick it');
  const why = await box.getAttribute('aria-describedby');
  assert.is(
    (await f.locator(`[id="${why}"]`).textContent())?.trim(),
    'Notes with hidden words are always reviewed.',
  );
  await k.press('Control+Enter');
  await waitAnnounced(f, 'Note saved');

  const stored = await storedOn(s, CLOZE_TEXT);
  assert.is(stored?.content, CLOZE_HTML);
  assert.is(stored?.text, CLOZE_TEXT);
  assert.not.ok('inReview' in (stored ?? {}) && stored?.inReview, 'the box was never ticked by the learner');
  const saved = card(f, CLOZE_TEXT);
  await saved.getByText('In review', { exact: true }).waitFor();
  await saved.locator('.note-rich .cloze').first().waitFor();
  assert.is(await saved.locator('.note-rich').innerText(), CLOZE_TEXT, 'the words show as they are');
  assert.is(
    await saved
      .locator('.note-rich .cloze')
      .first()
      .evaluate((el) => getComputedStyle(el).textDecorationStyle),
    'dotted',
  );

  // Hide in review toggles off again: the words go back to plain text, the box to the learner's.
  await saved.getByRole('button', { name: 'Edit note' }).click();
  await f.locator('.ql-editor .cloze').first().waitFor();
  await f.locator('.ql-editor').click();
  await k.press('Control+a');
  await tool(f, 'Hide in review').click(); // partly hidden: the whole selection is hidden first
  assert.is(await f.locator('.ql-editor .cloze').count(), 1);
  assert.is(await f.locator('.ql-editor .cloze').innerText(), CLOZE_TEXT);
  await tool(f, 'Hide in review').click(); // and shown again
  assert.is(await f.locator('.ql-editor .cloze').count(), 0);
  assert.is(await reviewBox(f).isChecked(), false);
  assert.is(await reviewBox(f).getAttribute('aria-disabled'), null);
  await k.press('Control+Enter');
  // "Note saved" is still the live region's text from the first save: wait for the edit itself.
  await eventually(
    async () => (await storedOn(s, CLOZE_TEXT))?.content === `<p>${CLOZE_TEXT}</p>`,
    'the edit stored without hidden words',
  );
  await f.waitForFunction(
    (text) =>
      ![...document.querySelectorAll('main article')].some(
        (a) => a.textContent?.includes(text) && a.textContent.includes('In review'),
      ),
    CLOZE_TEXT,
  );
});

test('the shortcut help lists Alt+Shift+H', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await f.getByText('Keyboard shortcuts').click();
  await waitText(f, 'Hide the selected words in review (or show them again)');
  const row = f.locator('.shortcut-help dl > div', { hasText: 'Hide the selected words' });
  assert.is((await row.locator('dt').innerText()).replace(/\s/g, ''), 'Alt+Shift+H');
});

test('is:review in Search notes lists the notes in review, and asks the server with review: in', async ({
  browser,
}) => {
  const s = await scenario(browser, { route: '/view' });
  const added = await s.stack.client().post('/notes/add', onVideo(CLOZE_TEXT, CLOZE_HTML));
  assert.is(added.status, 201, JSON.stringify(added.json));
  const f = s.frame();
  await waitText(f, 'The cost function measures the squared error.');
  await s.page.reload();
  const g = s.frame();
  await waitText(g, CLOZE_TEXT);
  assert.ok((await g.locator('main article').count()) > 1);
  await g.getByRole('searchbox', { name: 'Search notes' }).fill('is:review');
  await g.waitForFunction(() => document.querySelectorAll('main article').length === 1);
  assert.match(await g.locator('main article').innerText(), CLOZE_TEXT);
  await waitFetch(s, (b) => b.review === 'in');
  await g.getByText('Search with operators such as tag:exam').click();
  await waitText(g, 'notes in review');
});

/** Waits until the app has sent a fetch whose body matches. */
async function waitFetch(s: Scenario, match: (body: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 100; i++) {
    if (fetchBodies(s).some(match)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.unreachable(`no fetch matched: ${JSON.stringify(fetchBodies(s))}`);
}

test('Export for Anki on a course: a tab-separated file with Anki headers, the note with hidden words as a Cloze note', async ({
  browser,
}) => {
  const s = await scenario(browser, { route: '/course/course-ml-101' });
  const client = s.stack.client();
  assert.is((await client.post('/notes/add', onVideo(CLOZE_TEXT, CLOZE_HTML))).status, 201);
  assert.is((await client.post('/notes/add', onVideo('Not in review', '<p>Not in review</p>'))).status, 201);
  await s.page.reload();
  const f = s.frame();
  await waitText(f, CLOZE_TEXT);
  const file = await savedFile(s.page, f, () =>
    f.getByRole('button', { name: 'Export for Anki', exact: true }).click(),
  );
  assert.is(file.name, 'Machine Learning Foundations (Anki).txt');
  const lines = file.text.split('\n');
  assert.equal(lines.slice(0, 5), [
    '#separator:tab',
    '#html:true',
    '#notetype column:1',
    '#tags column:4',
    '#guid column:5',
  ]);
  const rows = lines.filter((l) => l && !l.startsWith('#'));
  assert.is(rows.length, 1, 'only the note in review');
  const [type, text, extra, tags, guid] = (rows[0] ?? '').split('\t');
  assert.is(type, 'Cloze');
  assert.is(
    text,
    '<div>Machine Learning Foundations › Supervised learning › Linear regression explained · At 01:15</div><p>The {{c1::mitochondria}} makes {{c2::ATP}}</p>',
  );
  assert.is(extra, '');
  assert.is(tags, 'exam');
  assert.match(guid ?? '', /^notes-.+-c$/);
});

test('Export for Anki with nothing in review downloads nothing and says so', async ({ browser }) => {
  const s = await scenario(browser, { route: '/course/course-ml-101' });
  const f = s.frame();
  await waitText(f, 'The cost function measures the squared error.');
  let downloads = 0;
  s.page.on('download', () => {
    downloads += 1;
  });
  await f.getByRole('button', { name: 'Export for Anki', exact: true }).click();
  await waitAnnounced(f, 'No notes in review to export.');
  assert.is(downloads, 0);
});

test('the plain-text fallback shows hidden words as {{…}} and saves them as hidden words', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  const k = s.page.keyboard;
  await addNote(f);
  await k.type(`${CLOZE_TEXT} now`);
  for (let i = 0; i < 4; i++) await k.press('ArrowLeft');
  await selectLeft(s.page, 3);
  await k.press('Alt+Shift+KeyH');
  await k.press('End');
  for (let i = 0; i < 4; i++) {
    await f.evaluate(() => {
      (document.querySelector('.ql-editor') as HTMLElement).dataset.crashed = 'yes';
      (window as unknown as { __notesEditorFault(): void }).__notesEditorFault();
    });
    await k.type('.');
    await f.waitForFunction(() =>
      document.activeElement?.matches('.ql-editor:not([data-crashed]), textarea'),
    );
  }
  const area = f.locator('textarea');
  await area.waitFor();
  const shown = await area.inputValue();
  assert.is(shown, 'The mitochondria makes {{ATP}} now....');
  await waitText(f, 'Words between {{ and }} are hidden in review.');
  await area.fill('The {{mitochondria}} makes {{ATP}}');
  await k.press('Control+Enter');
  await waitAnnounced(f, 'Note saved');
  const stored = await storedOn(s, CLOZE_TEXT);
  assert.is(stored?.content, CLOZE_HTML);
  assert.is(stored?.text, CLOZE_TEXT);
});

const THEMES = [
  { label: 'light (blue)', context: {} },
  { label: 'dark (gypsum-night, dark mode)', context: { theme: 'gypsum-night', darkMode: true } },
] as const;

for (const c of THEMES) {
  test(`axe: the editor with hidden words, the unavailable box and its hint, and a card in review — ${c.label}`, async ({
    browser,
  }) => {
    const s = await scenario(browser, { context: portalContext(c.context) });
    const f = s.frame();
    await waitText(f, 'The cost function measures the squared error.');
    await addNote(f);
    await stylesLoaded(f);
    await s.page.keyboard.type(CLOZE_TEXT);
    await selectLeft(s.page, 3);
    await s.page.keyboard.press('Alt+Shift+KeyH');
    await reviewBox(f).waitFor();
    assert.is(await reviewBox(f).getAttribute('aria-disabled'), 'true');
    await expectNoAxeViolations(f, `the editor with hidden words, ${c.label}`);
    await s.page.keyboard.press('Control+Enter');
    await waitAnnounced(f, 'Note saved');
    await card(f, CLOZE_TEXT).locator('.note-rich .cloze').waitFor();
    await card(f, CLOZE_TEXT).getByText('In review', { exact: true }).waitFor();
    await expectNoAxeViolations(f, `a card in review, ${c.label}`);
  });
}

test.run();
