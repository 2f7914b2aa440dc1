/**
 * `/view` end to end: all of a learner's notes against the real mock API. Search (instant over
 * what is loaded, then the server for the rest, a superseded search cancelled), the course filter,
 * each sort order, paging as the learner scrolls, editing (side pane when wide, in place when
 * narrow), delete with Undo, the empty state, and a failed load with Retry.
 */
import type { Browser, Frame, Request } from 'playwright-core';
import * as assert from 'uvu/assert';
import { bodyOf, holdRequests, injectFault } from './support/api-faults.ts';
import type { ScenarioOptions } from './support/app-fixture.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST, COST_ID, card, VIDEO } from './support/demo-video.ts';
import { BIDI_GAPS, chromiumOnly, REQUEST_BODIES } from './support/engine.ts';
import { expectProblem, waitAnnounced, waitText } from './support/frame-helpers.ts';
import { noteOn, playerOn } from './support/learners.ts';
import { editorButton, editorText, noteText, readyEditor, replaceText } from './support/note-editor.ts';
import {
  cardTexts,
  cardTitles,
  eventually,
  fetchBodies,
  holdFetches,
  isFetch,
  layoutFor,
  manyNotes,
  RARE_WORD,
  waitCard,
  waitCards,
} from './support/screen-data.ts';

const { test, scenario } = browserSuite('all notes screen (/view)');
const withBodies = chromiumOnly(test, BIDI_GAPS.bodies);
const DAY = 86_400_000;

/** `/view` for Asha (seeded unless `stackOptions` say otherwise). */
const view = (browser: Browser, options: ScenarioOptions = {}) =>
  scenario(browser, { route: '/view', ...options });

/** `/view` on the seeded data, once the cost note shows. */
async function seededView(browser: Browser, options: ScenarioOptions = {}) {
  const s = await view(browser, options);
  await waitCard(s.frame(), COST);
  return s;
}

const search = (f: Frame) => f.getByLabel('Search notes', { exact: true });
const marks = (f: Frame) => f.locator('main article mark').allInnerTexts();

test('heading "All notes"; each card is titled course › module › resource, newest first', async ({
  browser,
}) => {
  const notes = [
    noteOn(playerOn('res-a11y-contrast-pdf'), 'Contrast, three days old', 3 * DAY),
    noteOn(playerOn(VIDEO), 'Regression, an hour old', 3_600_000),
    noteOn(playerOn('res-lead-async-video'), 'Async, two days old', 2 * DAY),
  ];
  const s = await view(browser, { stackOptions: { data: { notes } } });
  const f = s.frame();
  await waitCards(f, ['Regression, an hour old', 'Async, two days old', 'Contrast, three days old']);
  assert.is(await f.locator('main h1').innerText(), 'All notes');
  assert.equal(await cardTitles(f), [
    'Machine Learning Foundations › Supervised learning › Linear regression explained',
    'Leading Remote Teams › Communication › Async first',
    'Accessible Web Design › Colour and contrast › WCAG contrast checklist',
  ]);
  assert.is(await f.locator('main article h2.note-title').count(), 3, 'the titles are headings');
  assert.is(await f.locator('.view-count').innerText(), '3 notes');
});

test('search filters the loaded notes on each keystroke and marks the matches, before the server answers', async ({
  browser,
}) => {
  const s = await seededView(browser);
  const f = s.frame();
  // Without request bodies (Firefox) the next fetch is the search anyway: the list has loaded.
  const isSearch = (r: Request) => !REQUEST_BODIES || bodyOf(r)?.query !== undefined;
  const hold = await holdRequests(s.page, '/notes/fetch', isSearch);
  await search(f).pressSequentially('cost', { delay: 40 });
  // The list follows the keystrokes while the server has not even been asked.
  await waitCards(f, [COST]);
  assert.equal(await marks(f), ['cost']);
  await hold.arrived; // asked once typing paused
  if (REQUEST_BODIES) {
    assert.equal(
      fetchBodies(s).filter((b) => b.query !== undefined),
      [{ query: 'cost', order: 'newest', limit: 50 }],
      'one request, for what was typed once the learner paused',
    );
  }
  await hold.release();
  await waitAnnounced(f, '1 note found');
  await waitCards(f, [COST]);
  assert.equal(await marks(f), ['cost']);
  await search(f).fill('');
  await eventually(async () => (await cardTexts(f)).length === 7, 'all seven notes back');
  assert.is(await f.locator('main mark').count(), 0);
});

withBodies(
  'search asks the server for notes not loaded yet: a match beyond the first page appears',
  async ({ browser }) => {
    const s = await view(browser, { stackOptions: { data: { notes: manyNotes(70) } } });
    const f = s.frame();
    await waitCard(f, 'Note 1');
    assert.equal(fetchBodies(s), [{ order: 'newest', limit: 50 }], 'the first page holds 50 of 70');
    assert.is(await card(f, RARE_WORD).count(), 0);
    const hold = await holdRequests(s.page, '/notes/fetch', (r) => bodyOf(r)?.query === RARE_WORD);
    await search(f).fill(RARE_WORD);
    await hold.arrived;
    assert.is(await card(f, RARE_WORD).count(), 0, 'no loaded note matches');
    await hold.release();
    await waitCards(f, [`Note 70 about the ${RARE_WORD} crossing`]);
    assert.equal(await marks(f), [RARE_WORD]);
    assert.equal(fetchBodies(s).at(-1), { query: RARE_WORD, order: 'newest', limit: 50 });
  },
);

withBodies(
  'a superseded search is not sent when typed over at once, and aborted when already in flight',
  async ({ browser }) => {
    const s = await view(browser, { stackOptions: { data: { notes: manyNotes(60) } } });
    const f = s.frame();
    await waitCard(f, 'Note 1');
    // Typed over within the pause: only the second search is ever sent.
    const second = s.page.waitForResponse((r) => isFetch(r.request(), (b) => b.query === RARE_WORD));
    // Both in one task of the frame, as a fast typist's keys within the pause: two separate fills
    // are two round trips to the frame, which a loaded machine can stretch past the pause.
    await search(f).evaluate(
      (input: HTMLInputElement, words) => {
        for (const word of words) {
          input.value = word;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      ['alpha', RARE_WORD],
    );
    await second;
    await waitCards(f, [`Note 60 about the ${RARE_WORD} crossing`]);
    assert.not.ok(
      fetchBodies(s).some((b) => b.query === 'alpha'),
      'the first search never left',
    );

    // The first search is on its way (held before it reaches the API) when the learner types another.
    const held = await holdFetches(s.page, (b) => b.query === 'note 5');
    const failed = s.page.waitForEvent('requestfailed', {
      predicate: (r) => isFetch(r, (b) => b.query === 'note 5'),
    });
    await search(f).fill('note 5');
    await held.arrived;
    const secondSent = s.page.waitForRequest((r) => isFetch(r, (b) => b.query === 'note 4'));
    await search(f).fill('note 4');
    await secondSent;
    const aborted = await failed;
    assert.match(aborted.failure()?.errorText ?? '', /ABORTED/i, 'the stale search was cancelled');
    await held.release();
    // 11 notes match; the list is windowed, so the first of them are drawn, all 11 are counted.
    await eventually(async () => (await f.locator('.view-count').innerText()) === '11 notes', '11 notes');
    const fours = ['Note 4', ...Array.from({ length: 10 }, (_, i) => `Note ${40 + i}`)];
    const drawn = await cardTexts(f);
    assert.equal(drawn, fours.slice(0, drawn.length), 'the matches, in order');
    assert.ok(drawn.length >= 5, `${drawn.length} cards drawn`);
    assert.is(held.reachedApi(), 0, 'the stale search never reached the API');
  },
);

withBodies(
  'Course filter: options from GET /notes/list/course; choosing one asks with courseId and shows only its notes',
  async ({ browser }) => {
    const s = await seededView(browser);
    const f = s.frame();
    const select = f.getByLabel('Course', { exact: true });
    const courses = (await s.stack.client().get('/notes/list/course')).json as {
      courseId: string;
      courseTitle: string;
    }[];
    assert.is(courses.length, 2);
    await eventually(
      async () => (await select.locator('option').count()) === courses.length + 1,
      'the courses in the filter',
    );
    assert.equal(await select.locator('option').allInnerTexts(), [
      'All courses',
      ...courses.map((c) => c.courseTitle),
    ]);
    const answered = s.page.waitForResponse((r) =>
      isFetch(r.request(), (b) => b.courseId === 'course-a11y-201'),
    );
    await select.selectOption({ label: 'Accessible Web Design' });
    await answered;
    assert.equal(fetchBodies(s).at(-1), { courseId: 'course-a11y-201', order: 'newest', limit: 50 });
    await eventually(async () => (await cardTexts(f)).length === 2, 'two notes of the course');
    for (const title of await cardTitles(f)) assert.ok(title.startsWith('Accessible Web Design › '), title);
    await select.selectOption({ label: 'All courses' });
    await eventually(async () => (await cardTexts(f)).length === 7, 'every note again');
  },
);

withBodies(
  'Sort: Newest, Oldest and Recently edited each order the cards as the data says',
  async ({ browser }) => {
    const at = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const player = playerOn(VIDEO);
    const notes = [
      noteOn(player, 'A: written 5 days ago, edited a minute ago', 0, {
        createdOn: at(5),
        updatedOn: new Date(Date.now() - 60_000).toISOString(),
      }),
      noteOn(player, 'B: written yesterday', 0, { createdOn: at(1), updatedOn: at(1) }),
      noteOn(player, 'C: written 3 days ago, edited 2 hours ago', 0, {
        createdOn: at(3),
        updatedOn: new Date(Date.now() - 7_200_000).toISOString(),
      }),
      noteOn(player, 'D: written 10 days ago', 0, { createdOn: at(10), updatedOn: at(10) }),
    ];
    const text = (letters: string) =>
      [...letters].map((l) => notes.find((n) => n.text.startsWith(l))?.text ?? l);
    const s = await view(browser, { stackOptions: { data: { notes } } });
    const f = s.frame();
    const sort = f.getByLabel('Sort', { exact: true });
    await waitCards(f, text('BCAD'));
    assert.equal(await sort.locator('option').allInnerTexts(), ['Newest', 'Oldest', 'Recently edited']);
    for (const [label, order, expected] of [
      ['Oldest', 'oldest', 'DACB'],
      ['Recently edited', 'updated', 'ACBD'],
      ['Newest', 'newest', 'BCAD'],
    ] as const) {
      await sort.selectOption({ label });
      await waitCards(f, text(expected));
      assert.ok(
        fetchBodies(s).some((b) => b.order === order),
        `the server was asked for ${order}`,
      );
    }
  },
);

withBodies(
  'paging: scrolling to the end fetches the next page with the cursor, and the last note shows (windowed)',
  async ({ browser }) => {
    const s = await view(browser, { stackOptions: { data: { notes: manyNotes(70) } } });
    const f = s.frame();
    await waitCard(f, 'Note 1');
    // The first page may leave before the frame's document has even finished (the early start),
    // so it is read from the requests recorded since the portal opened.
    const firstPage = await s.apiRequests.find((r) => isFetch(r))?.response();
    assert.ok(firstPage, 'the first page was fetched');
    const { nextCursor } = (await firstPage.json()) as { nextCursor: string | null };
    assert.ok(nextCursor, 'the first page has a next cursor');
    const shownAtFirst = await f.locator('main article').count();
    assert.ok(shownAtFirst <= 50, `${shownAtFirst} cards before scrolling`);
    const box = await s.page.locator('iframe').boundingBox();
    assert.ok(box);
    await s.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await eventually(
      async () => {
        await s.page.mouse.wheel(0, 2500);
        return (await cardTexts(f)).at(-1) === `Note 70 about the ${RARE_WORD} crossing`;
      },
      'the 70th note drawn after scrolling',
      10_000,
    );
    const pages = fetchBodies(s);
    assert.equal(pages, [
      { order: 'newest', limit: 50 },
      { order: 'newest', limit: 50, cursor: nextCursor },
    ]);
    const drawn = await f.locator('main article').count();
    assert.ok(drawn < 40, `only the cards near the viewport are drawn (${drawn})`);
    const last = f.locator('main .note-list > li').last();
    assert.is(await last.getAttribute('aria-posinset'), '70');
    assert.is(await last.getAttribute('aria-setsize'), '70');
    assert.is(await f.locator('.view-count').innerText(), '70 notes');
    assert.is(await f.getByRole('button', { name: 'Show more notes' }).count(), 0, 'nothing more to load');
  },
);

test('Edit note in a wide frame opens a side pane beside the list; Save reaches the server', async ({
  browser,
}) => {
  const s = await seededView(browser);
  const f = s.frame();
  await layoutFor(f, 900);
  await card(f, COST).getByRole('button', { name: 'Edit note' }).click();
  const pane = f.getByRole('region', { name: 'Edit note' });
  await pane.waitFor();
  assert.is(
    await pane.locator('.note-path').innerText(),
    'Machine Learning Foundations › Supervised learning › Linear regression explained',
  );
  await readyEditor(f, pane); // mounted in the pane, and focused
  assert.is(await editorText(pane), COST);
  assert.is(await noteText(card(f, COST)).count(), 0, 'the card itself is not an editor');
  const listBox = await f.locator('.view-list').boundingBox();
  const paneBox = await pane.boundingBox();
  assert.ok(listBox && paneBox, 'list and pane are laid out');
  assert.ok(
    paneBox.x >= listBox.x + listBox.width - 1 &&
      paneBox.y < listBox.y + listBox.height &&
      listBox.y < paneBox.y + paneBox.height,
    `the pane sits beside the list: list ${JSON.stringify(listBox)}, pane ${JSON.stringify(paneBox)}`,
  );
  await replaceText(f, 'Edited in the side pane.', pane);
  await editorButton(pane, 'Save').click();
  await waitAnnounced(f, 'Note saved');
  await waitCard(f, 'Edited in the side pane.');
  await pane.waitFor({ state: 'detached' });
  const stored = await s.stack.client().note(COST_ID, VIDEO);
  assert.is(stored?.text, 'Edited in the side pane.');
  assert.is(stored?.version, 2);
});

test('Edit note in a 360 px frame edits in place; Save reaches the server', async ({ browser }) => {
  const s = await seededView(browser, { width: 360 });
  const f = s.frame();
  await layoutFor(f, 360);
  await card(f, COST).getByRole('button', { name: 'Edit note' }).click();
  const inPlace = f.locator(`#note-${COST_ID}`);
  await readyEditor(f, inPlace);
  assert.is(await f.locator('.view-detail').count(), 0, 'no side pane');
  assert.is(await editorText(inPlace), COST);
  await replaceText(f, 'Edited in place.', inPlace);
  await editorButton(inPlace, 'Save').click();
  await waitAnnounced(f, 'Note saved');
  await waitCard(f, 'Edited in place.');
  assert.is((await s.stack.client().note(COST_ID, VIDEO))?.text, 'Edited in place.');
});

test('Delete note: gone at once; Undo brings it back; a delete not undone reaches the server', async ({
  browser,
}) => {
  const s = await seededView(browser);
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
  await card(f, COST).waitFor({ state: 'detached' });
  await waitAnnounced(f, 'Note deleted');
  await f.getByRole('button', { name: 'Undo' }).click();
  await waitCard(f, COST);
  await waitAnnounced(f, 'Note restored');
  await f.waitForFunction((id) => document.activeElement?.id === id, `note-${COST_ID}`);
  assert.ok(await s.stack.client().note(COST_ID, VIDEO), 'still on the server');

  const asked = s.page.waitForRequest((r) => r.url().endsWith('/api/v1/notes/delete'), { timeout: 10_000 });
  const sent = s.page.waitForResponse((r) => r.url().endsWith('/api/v1/notes/delete'), { timeout: 10_000 });
  await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
  await asked;
  // Hidden through the whole second window: the first, undone delete is no Undo from another frame.
  assert.is(await card(f, COST).count(), 0, 'still gone when the delete goes out');
  assert.is((await sent).status(), 200);
  assert.is(await s.stack.client().note(COST_ID, VIDEO), undefined, 'gone on the server');
  assert.is(await card(f, COST).count(), 0);
});

test('a learner with no notes sees one friendly message', async ({ browser }) => {
  const s = await view(browser, { stackOptions: { data: 'empty' } });
  const f = s.frame();
  await waitText(f, 'No notes yet');
  await waitText(f, 'Notes you write on any course appear here.');
  const main = await f.locator('main').innerText();
  assert.is(main.split('No notes').length - 1, 1, `"No notes" once in: ${main}`);
  assert.is(await f.locator('main .empty-state').count(), 1);
  assert.is(await f.locator('main article').count(), 0);
  assert.is(await f.locator('main .skeleton').count(), 0);
  assert.is(await f.getByRole('alert').count(), 0);
});

test('a 500 on fetch shows what went wrong with Retry; Retry loads the notes', async ({ browser }) => {
  const s = await view(browser, {
    setup: async (page) => void (await injectFault(page, '/notes/fetch', { status: 500 }, { times: 1 })),
  });
  const f = s.frame();
  const retry = await expectProblem(
    f,
    'The notes service is not answering right now. Try again in a moment.',
  );
  assert.is(await f.locator('main article').count(), 0);
  await retry.click();
  await waitCard(f, COST);
  assert.is(await f.getByRole('alert').count(), 0);
  assert.is((await cardTexts(f)).length, 7);
});

test.run();
