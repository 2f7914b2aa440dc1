/**
 * The Review screen end to end (issue 27): a due note reviewed with the keyboard (Space shows the
 * answer and focus goes to it; 3 rates it Good) leaves today's queue and the screen says nothing
 * is due, with the forecast; a rating made offline is queued, survives a reload and is sent once
 * back online; Go to posts a SEEK; the Review tab counts what is due and goes when the API has no
 * review; Arabic right to left; axe in light and dark.
 *
 * Against the harness's API (the notes service in dev mode, as `npm start` serves it), seeded with
 * the notes and their review cards; what it stored is read back through the API. No stand-in
 * routes, so the file runs in Firefox too (whose BiDi backend reports no request bodies).
 */
import type { Browser } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { Note, ReviewCard } from '../../src/protocol/api-types.ts';
import { fakeCard } from '../fakes/fake-card.ts';
import { apiPath, bodyOf } from './support/api-faults.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { REQUEST_BODIES } from './support/engine.ts';
import { focused, seeks, waitAnnounced, waitText } from './support/frame-helpers.ts';
import { demoPlayer, noteOn, portalContext } from './support/learners.ts';
import { savedFile } from './support/saved-file.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('review (/review)');
const DAY = 86_400_000;
const PLAYER = demoPlayer();
const DUE = 'Gradient descent takes small steps downhill';
const CLOZE_WORDS = 'the learning rate';
const LATER = 'A note due in a week';
/** A card mid-schedule, due `dueInMs` from now (negative: overdue), last rated four days before. */
const dueCard = (dueInMs: number): ReviewCard => {
  const due = Date.now() + dueInMs;
  return fakeCard(new Date(due).toISOString(), {
    reps: 2,
    scheduledDays: 4,
    lastReview: new Date(due - 4 * DAY).toISOString(),
  });
};
const notes = () => [
  noteOn(PLAYER, DUE, 5 * DAY, {
    anchor: { kind: 'time', seconds: 192 },
    inReview: true,
    review: dueCard(-DAY),
  }),
  noteOn(PLAYER, `The step size is ${CLOZE_WORDS}`, 4 * DAY, {
    content: `<p>The step size is <span class="cloze">${CLOZE_WORDS}</span></p>`,
    review: dueCard(-DAY / 2),
  }),
  noteOn(PLAYER, LATER, 3 * DAY, { inReview: true, review: dueCard(7 * DAY) }),
  noteOn(PLAYER, 'Not in review', 2 * DAY),
];

/** `/review` (or `route`) for Asha, the API seeded with `notes()`. */
async function open(browser: Browser, options: { route?: string; locale?: string; dark?: boolean } = {}) {
  const data = notes();
  const s = await scenario(browser, {
    route: options.route ?? '/review',
    stackOptions: { data: { notes: data } },
    context: portalContext({
      locale: options.locale,
      darkMode: options.dark,
      theme: options.dark ? 'gypsum-night' : undefined,
    }),
  });
  /** The note as the API has it now. */
  const stored = async (note: Note | undefined) => {
    const found = note && (await s.stack.client().note(note.noteId, note.refId));
    if (!found) throw new Error(`the API has no ${note?.noteId}`);
    return found;
  };
  return { s, f: s.frame(), data, stored };
}

const reviewPosts = (s: { apiRequests: { method(): string; url(): string }[] }) =>
  s.apiRequests.filter((r) => r.method() === 'POST' && /\/notes\/review$/.test(r.url()));

test('review a due note: Space shows the answer (focus on it), 3 rates it Good, it leaves today’s queue', async ({
  browser,
}) => {
  const { s, f, data, stored } = await open(browser);
  await waitText(f, DUE);
  assert.is(await f.getByText('Not in review').count(), 0);
  assert.ok(await f.getByText('At 03:12').isVisible(), 'its place');
  assert.ok(
    await f
      .getByText(/Machine Learning|›/)
      .first()
      .isVisible(),
    'where it was taken',
  );
  await f.locator('h1').focus(); // into the frame (a key on the portal's page never reaches it)
  await s.page.keyboard.press('Space');
  await waitAnnounced(f, 'Answer shown');
  assert.is((await focused(f)).label, 'Answer', 'focus on the revealed answer');
  await s.page.keyboard.press('3');
  await waitAnnounced(f, 'Rated Good');
  await f.getByText('The step size is').waitFor();
  assert.is(await f.getByText(DUE).count(), 0, 'the rated note left today’s queue');
  assert.match((await focused(f)).text, /Show answer/, 'the next card has focus');
  const tabCount = f.locator('.app-nav .tab-count');
  await eventually(async () => (await tabCount.innerText()) === '1', 'the Review tab counts the one left');
  await s.page.keyboard.press('Space'); // on Show answer
  await s.page.keyboard.press('4');
  await waitAnnounced(f, 'Rated Easy');
  await f.getByText('Nothing to review now').waitFor();
  await f.getByRole('table', { name: 'Notes due in the next 30 days' }).waitFor({ state: 'attached' });
  // The forecast follows the ratings as the API confirms them: its chart may be drawn again.
  await eventually(async () => (await f.locator('svg.forecast-chart rect').count()) >= 30, 'a bar a day');
  const [due, cloze] = data;
  await eventually(
    async () => (await stored(due)).review?.reps === 3 && (await stored(cloze)).review?.reps === 3,
    'both ratings stored (each card seeded with 2 reps)',
  );
  const dueOn = (n: Note) => Date.parse(n.review?.due ?? '');
  assert.ok(dueOn(await stored(due)) > Date.now(), 'Good: due again later');
  assert.ok(dueOn(await stored(cloze)) > Date.now(), 'Easy: due again later');
  await expectNoAxeViolations(f, 'nothing due (light)');
});

test('a note with hidden words: blanked in the prompt, shown in the answer', async ({ browser }) => {
  const { s, f } = await open(browser);
  await waitText(f, DUE);
  await f.getByRole('button', { name: 'Show answer' }).click();
  await f.getByRole('button', { name: 'Easy' }).click();
  await f.getByText('The step size is').waitFor();
  const prompt = f.locator('.review-prompt');
  assert.match(await prompt.innerText(), /\[…\]/);
  assert.not.match(await prompt.innerText(), new RegExp(CLOZE_WORDS));
  await f.getByRole('button', { name: 'Show answer' }).click();
  // The answer by its class, not by role: in Firefox ESR (153.8 here), Playwright's query for the
  // <section aria-label> as a region, in a frame axe runs in (before or after), crashes the content
  // process (SIGSEGV; the browser then shuts down). Its name is checked in the first test.
  const answer = f.locator('.review-answer');
  assert.match(await answer.innerText(), new RegExp(CLOZE_WORDS));
  await expectNoAxeViolations(f, 'a revealed answer (light)');
  assert.ok(s);
});

test('Go to 03:12 posts a SEEK to the portal', async ({ browser }) => {
  const { s, f } = await open(browser);
  await waitText(f, DUE);
  await f.getByRole('button', { name: 'Go to 03:12' }).click();
  await eventually(async () => (await seeks(s)).length === 1, 'the SEEK');
  const [seek] = await seeks(s);
  assert.match(JSON.stringify(seek?.data), /192|03:12/);
});

test('offline: the rating is queued, survives a reload, and is sent once back online', async ({
  browser,
}) => {
  const { s, f, data, stored } = await open(browser);
  await waitText(f, DUE);
  await s.page.route(apiPath('/notes/review'), (route) => route.abort('internetdisconnected'));
  await f.getByRole('button', { name: 'Show answer' }).click();
  await f.getByRole('button', { name: 'Good' }).click();
  await f.getByText('The step size is').waitFor();
  await s.page.route(apiPath('/**'), (route) => route.abort('internetdisconnected'));
  await s.page.reload();
  const g = s.frame();
  // From the copy kept on the device, the rated note left out (a reload, chunks and all, on a loaded machine).
  await g.getByText('The step size is').waitFor({ timeout: 30_000 });
  assert.is(await g.getByText(DUE).count(), 0, 'the rated note stays out of today’s queue');
  const tried = reviewPosts(s).length;
  await s.page.unroute(apiPath('/**'));
  await s.page.unroute(apiPath('/notes/review'));
  await g.evaluate(() => window.dispatchEvent(new Event('online')));
  await eventually(
    async () =>
      (await g.evaluate(
        () => Object.keys(localStorage).filter((k) => k.startsWith('notes:journal:')).length,
      )) === 0,
    'the journal to empty',
    20_000,
  );
  assert.ok(reviewPosts(s).length > tried, 'sent once the link was back');
  const keys = new Set(
    reviewPosts(s).map(
      (r) => (r as unknown as { headers(): Record<string, string> }).headers()['idempotency-key'],
    ),
  );
  assert.is(keys.size, 1, 'every try carried the same Idempotency-Key');
  const card = (await stored(data[0])).review;
  assert.is(card?.reps, 3, 'stored exactly once (the seeded card had 2 reps)');
  assert.ok(Date.parse(card?.due ?? '') > Date.now(), 'due again later');
});

test('the Review tab counts the notes due today; Arabic right to left', async ({ browser }) => {
  const { f } = await open(browser, { route: '/', locale: 'ar' });
  await eventually(async () => (await f.locator('html').getAttribute('dir')) === 'rtl', 'rtl');
  const tab = f.locator('.app-nav a').filter({ has: f.locator('.tab-count') });
  await tab.waitFor();
  assert.is(await tab.locator('.tab-count').innerText(), '2');
  await tab.click();
  await waitText(f, DUE);
  assert.is(await f.locator('h1').innerText(), 'مراجعة');
  await expectNoAxeViolations(f, 'review in Arabic');
});

test('dark mode: axe clean with the answer shown', async ({ browser }) => {
  const { f } = await open(browser, { dark: true });
  await waitText(f, DUE);
  await f.getByRole('button', { name: 'Show answer' }).click();
  await expectNoAxeViolations(f, 'review, dark');
});

test('an API without review (404 on the summary): no Review tab', async ({ browser }) => {
  const s = await scenario(browser, {
    setup: (page) =>
      page.route(apiPath('/notes/review/summary*'), (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found"}' }),
      ),
  });
  const f = s.frame();
  await f.getByRole('link', { name: 'All notes' }).waitFor();
  await eventually(
    async () => s.apiRequests.some((r) => r.url().includes('/notes/review/summary')),
    'the summary asked',
  );
  await eventually(
    async () => (await f.getByRole('link', { name: /^Review/ }).count()) === 0,
    'the tab gone',
  );
});

test('Export for Anki on the Review screen: the notes in review, hidden words as a Cloze note', async ({
  browser,
}) => {
  const { s, f } = await open(browser);
  await waitText(f, DUE);
  const button = f.getByRole('button', { name: 'Export for Anki', exact: true });
  await button.waitFor();
  const exportFetches = () =>
    s.apiRequests.filter((r) => {
      const body = bodyOf(r);
      return /\/notes\/fetch$/.test(r.url()) && body?.review === 'in' && body.limit === 100;
    }).length;
  if (REQUEST_BODIES) assert.is(exportFetches(), 0, 'the notes in review are not fetched before the press');
  const file = await savedFile(s.page, f, () => button.click());
  if (REQUEST_BODIES) assert.is(exportFetches(), 1, 'fetched once, on the press');
  assert.is(file.name, 'Review (Anki).txt');
  const rows = file.text.split('\n').filter((l) => l && !l.startsWith('#'));
  assert.is(rows.length, 3, 'the three notes in review, not the fourth');
  const cloze = rows.find((r) => r.startsWith('Cloze\t'));
  assert.ok(cloze?.includes(`{{c1::${CLOZE_WORDS}}}`), 'the hidden words as an Anki cloze');
  assert.is(rows.filter((r) => r.startsWith('Basic\t')).length, 2);
  assert.not.ok(file.text.includes('Not in review'));
});

test.run();
