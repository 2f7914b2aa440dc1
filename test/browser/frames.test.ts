/**
 * Two frames of one learner (two tabs of one browser, the app framed by a portal on `localhost`
 * in each, so both frames share one storage partition) stay in step: a note saved in one shows
 * in the other within a second, and a write queued while offline goes out once, from one frame,
 * with no "Saving…" left in either.
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { apiPath } from './support/api-faults.ts';
import { browserSuite } from './support/browser-suite.ts';
import { waitText } from './support/frame-helpers.ts';
import { ASHA, demoPlayer, noteOn } from './support/learners.ts';
import { replaceText } from './support/note-editor.ts';
import { eventually } from './support/screen-data.ts';
import { openSecondPage } from './support/second-page.ts';

const { test, scenario } = browserSuite('two frames of one learner');
/** The two tabs' frames in two processes, as on Android Chrome (no site isolation): chromium.ts. */
const apart = browserSuite('two frames of one learner, each in its own process', 'partitioned', 'shared');
type OpenScenario = typeof scenario;
const VIDEO = demoPlayer().resourceId;
const FIRST = 'An earlier note on this video';
const data = { notes: [noteOn(demoPlayer(), FIRST, 60_000)] };

/** Adds a note with `text` in frame `f`. */
async function addNote(f: Frame, text: string) {
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note' }).click();
  await f.page().keyboard.insertText(text);
  await f.getByRole('button', { name: 'Save' }).click();
}
const card = (f: Frame, text: string) => f.locator('main article', { hasText: text });
const marks = (f: Frame) => f.locator('main article .note-saving');
/** One learner's two pages (A, then B opened after it), both showing the first note. */
async function twoPages(browser: Parameters<OpenScenario>[0], open: OpenScenario = scenario) {
  const s = await open(browser, { stackOptions: { data } });
  const b = await openSecondPage(s);
  const fa = s.frame();
  const fb = b.frame();
  await waitText(fa, FIRST);
  await waitText(fb, FIRST);
  return { s, b, fa, fb };
}

/** The first note edited on the server ("Changed elsewhere"), as another device would: a new version. */
async function changeElsewhere(s: Awaited<ReturnType<typeof scenario>>) {
  const [note] = data.notes;
  const answer = await s.stack.client(ASHA).post('/notes/update', {
    noteId: note!.noteId,
    version: note!.version,
    text: 'Changed elsewhere',
    content: '<p>Changed elsewhere</p>',
  });
  assert.is(answer.status, 200);
}

test('both frames share one storage partition (portal on localhost in each tab)', async ({ browser }) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const b = await openSecondPage(s);
  await waitText(s.frame(), FIRST);
  await waitText(b.frame(), FIRST);
  await s.frame().evaluate(() => localStorage.setItem('frames-probe', 'A wrote this'));
  assert.is(await b.frame().evaluate(() => localStorage.getItem('frames-probe')), 'A wrote this');
  await s.frame().evaluate(() => localStorage.removeItem('frames-probe'));
});

test('a note saved in page A shows in page B within 1 s, without a reload', async ({ browser }) => {
  const { b, fa, fb } = await twoPages(browser);
  await addNote(fa, 'Saved in the first tab');
  await card(fa, 'Saved in the first tab').waitFor();
  await eventually(async () => (await marks(fa).count()) === 0, 'A to have it stored');
  await card(fb, 'Saved in the first tab').waitFor({ timeout: 1000 });
  await eventually(async () => (await marks(fb).count()) === 0, 'no mark left in B', 1000);
  const reloads = b.apiRequests.filter((r) => r.url().includes('/notes/fetch')).length;
  assert.ok(reloads <= 1, 'B did not load its list again to show it');
});

test("Save never waits on the other frame's sender lock: A's editor closes while B holds it; stored once after", async ({
  browser,
}) => {
  const { s, fa, fb } = await twoPages(browser);
  const lockName = `notes:outbox:${ASHA.rootOrg}\0${ASHA.org}\0${ASHA.wid}`;
  // Each frame sends what is queued as it starts (holding the lock for that); idle, none holds it.
  const held = async () => (await fb.evaluate(async () => navigator.locks.query())).held?.length ?? 0;
  await eventually(async () => (await held()) === 0, 'an idle frame to hold no lock', 5000);
  // B mid-send on a slow link: it holds the learner's sender lock until the test lets go.
  await fb.evaluate(
    (name) =>
      new Promise<void>((held) => {
        void navigator.locks.request(name, () => {
          held();
          return new Promise<void>((letGo) => {
            (window as unknown as { letGo: () => void }).letGo = letGo;
          });
        });
      }),
    lockName,
  );
  // Every try, and the tries the API answered: a try that left just before the link came back can
  // still reach the API, so "sent once" counts answers, not when a try started.
  const adds: string[] = [];
  const answered: string[] = [];
  s.context.on('request', (r) => {
    if (r.url().endsWith('/notes/add')) adds.push(r.headers()['idempotency-key'] ?? '');
  });
  s.context.on('response', (r) => {
    if (r.url().endsWith('/notes/add')) answered.push(r.request().headers()['idempotency-key'] ?? '');
  });
  await addNote(fa, 'Saved while B sends');
  await fa.getByRole('textbox', { name: 'Note' }).waitFor({ state: 'detached' });
  await card(fa, 'Saved while B sends').getByText('Saving…').waitFor();
  // A's sender asks for the lock a moment after "Saving…" shows (its send is scheduled, not run at once).
  const pending = () => fa.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0);
  await eventually(
    async () => (await pending()) >= 1,
    'a sender to wait for the lock (A, perhaps B too)',
    5000,
  );
  assert.equal(adds, [], 'nothing sent while B holds it');
  await fb.evaluate(() => (window as unknown as { letGo: () => void }).letGo());
  await eventually(async () => (await marks(fa).count()) === 0, 'A to have it stored', 10_000);
  await eventually(async () => (await marks(fb).count()) === 0, 'no "Saving…" left in B', 5000);
  // Right after the lock passes between processes, the next holder may read a journal older than
  // the last holder's write; the ledger of settled items (IndexedDB) keeps it from sending again.
  assert.is(adds.length, 1, `sent once (${adds.length})`);
  assert.ok(adds[0], 'with its Idempotency-Key');
  const stored = (await s.stack.client(ASHA).notesOn(VIDEO)).map((n) => n.text).sort();
  assert.equal(stored, [FIRST, 'Saved while B sends'].sort(), 'stored once');
});

/**
 * A delete refused in A (the note changed elsewhere) shows the note again in B without a reload.
 * With the frames in two processes, A's "kept" message can reach B before A's journal does: B must
 * not take the refused delete, still in its copy of the journal, for a write of its own.
 */
async function deleteRefusedShowsInB(browser: Parameters<OpenScenario>[0], open: OpenScenario) {
  const { s, b, fa, fb } = await twoPages(browser, open);
  // Changed elsewhere once both frames showed it (before the delete, so no Undo window has to be
  // raced on a slow machine): the delete carries the version A saw and gets a 409.
  await changeElsewhere(s);
  await card(fa, FIRST).getByRole('button', { name: 'Delete note' }).click();
  await eventually(async () => (await card(fb, FIRST).count()) === 0, 'hidden in B while queued', 2000);
  await card(fa, 'Changed elsewhere').waitFor({ timeout: 15_000 });
  await card(fb, 'Changed elsewhere').waitFor({ timeout: 2000 });
  const reloads = b.apiRequests.filter((r) => r.url().includes('/notes/fetch')).length;
  assert.ok(reloads <= 1, 'B did not load its list again to show it');
}

test('a delete refused in A (the note changed elsewhere) shows the note again in B without a reload', ({
  browser,
}) => deleteRefusedShowsInB(browser, scenario));

apart.test(
  'a delete refused in A shows the note again in B, its message ahead of the journal',
  ({ browser }) => deleteRefusedShowsInB(browser, apart.scenario),
);

test('an edit refused in A (the note changed elsewhere) shows the note as it stands in B, nothing left "Saving…"', async ({
  browser,
}) => {
  const { s, b, fa, fb } = await twoPages(browser);
  await changeElsewhere(s);
  await card(fa, FIRST).getByRole('button', { name: 'Edit note' }).click();
  await replaceText(fa, 'Edited in A');
  await fa.getByRole('button', { name: 'Save', exact: true }).click();
  // A's edit carries the version A saw: a 409 with other text, a conflict in A.
  await fa.getByText('This note was changed elsewhere').first().waitFor({ timeout: 15_000 });
  await card(fb, 'Changed elsewhere').waitFor({ timeout: 2000 });
  await eventually(async () => (await marks(fb).count()) === 0, 'no "Saving…" left in B', 2000);
  // The conflict is the learner's, not the frame's: B offers the same choice between both versions.
  await fb.getByText('This note was changed elsewhere').first().waitFor({ timeout: 2000 });
  const reloads = b.apiRequests.filter((r) => r.url().includes('/notes/fetch')).length;
  assert.ok(reloads <= 1, 'B did not load its list again to show it');
});

test('a write queued offline in A goes out once when the link is back; B shows it saved, nothing stuck', async ({
  browser,
}) => {
  const { s, fa, fb } = await twoPages(browser);
  // Every try, and the tries the API answered: a try that left just before the link came back can
  // still reach the API, so "sent once" counts answers, not when a try started.
  const adds: string[] = [];
  const answered: string[] = [];
  s.context.on('request', (r) => {
    if (r.url().endsWith('/notes/add')) adds.push(r.headers()['idempotency-key'] ?? '');
  });
  s.context.on('response', (r) => {
    if (r.url().endsWith('/notes/add')) answered.push(r.request().headers()['idempotency-key'] ?? '');
  });
  await s.context.route(apiPath('/notes/add'), (route) => route.abort('internetdisconnected'));
  await addNote(fa, 'Written offline in A');
  await card(fa, 'Written offline in A').getByText('Not saved yet — retrying').waitFor();
  await card(fb, 'Written offline in A')
    .getByText(/Saving…|Not saved yet — retrying/)
    .waitFor({ timeout: 1000 });
  await card(fb, 'Written offline in A').getByText('Not saved yet — retrying').waitFor({ timeout: 1000 });
  assert.equal(answered, [], 'nothing reached the API while offline');
  await s.context.unroute(apiPath('/notes/add'));
  // The link is back: both frames hear `online` and try at once; the lock lets one send.
  await Promise.all([fa, fb].map((f) => f.evaluate(() => window.dispatchEvent(new Event('online')))));
  await eventually(async () => (await marks(fa).count()) === 0, 'A to have it stored', 10_000);
  await eventually(async () => (await marks(fb).count()) === 0, 'no "Saving…" left in B', 5000);
  await card(fb, 'Written offline in A').waitFor();
  await new Promise((r) => setTimeout(r, 1500)); // a second sender would have gone by now
  assert.is(answered.length, 1, 'sent once after the link came back');
  assert.ok(
    adds.every((k) => k && k === adds[0]),
    'every try carried the same key',
  );
  const stored = (await s.stack.client(ASHA).notesOn(VIDEO)).map((n) => n.text).sort();
  assert.equal(stored, [FIRST, 'Written offline in A'].sort(), 'stored exactly once');
  const journals = (f: Frame) =>
    f.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('notes:journal:')).length);
  await eventually(async () => (await journals(fb)) === 0, 'the journal to empty');
});

test.run();
apart.test.run();
