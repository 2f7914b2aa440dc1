/**
 * Storage refused by the browser itself (issue 24): the portal on `localhost` frames the app on
 * `127.0.0.1`, and the browser refuses that cross-site frame every storage — Chromium as
 * playwright-core launches it by default (partitioning off, as with third-party cookies blocked),
 * Firefox with `network.cookie.cookieBehavior` 1 (test/browser/support/firefox.ts). Each test first
 * checks the frame really has no storage, then that every save settles (saved shown, Edit and
 * Delete enabled) and is stored once on the API: add, edit, delete with Undo, a 409, a save retried
 * after two failures.
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { injectFault } from './support/api-faults.ts';
import { browserSuite } from './support/browser-suite.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';
import { ASHA, demoPlayer, noteOn } from './support/learners.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('storage refused by the browser', 'refused');
const VIDEO = demoPlayer().resourceId;
const FIRST = 'An earlier note on this video';
const data = { notes: [noteOn(demoPlayer(), FIRST, 60_000)] };
const NOTICE = 'Your browser doesn’t let this page keep anything on this device.';

const editor = (f: Frame) => f.getByRole('textbox', { name: 'Note' });
const save = (f: Frame) => f.getByRole('button', { name: 'Save' }).click();
const card = (f: Frame, text: string) => f.locator('main article', { hasText: text });

/** Opens Add note and types `text`. */
async function write(f: Frame, text: string) {
  await f.getByRole('button', { name: 'Add note' }).click();
  await editor(f).click();
  await f.page().keyboard.insertText(text);
}

/**
 * What the frame gets when it asks for each kind of storage: the error's name, or 'allowed'. A
 * string, run as written: tsx would wrap named functions in a helper the frame does not have.
 */
const PROBE = `(async () => {
  const outcome = async (use) => {
    try {
      await use();
      return 'allowed';
    } catch (error) {
      return error && error.name ? error.name : String(error);
    }
  };
  const open = () =>
    new Promise((resolve, reject) => {
      const request = indexedDB.open('storage-refused-check');
      request.onsuccess = () => {
        request.result.close();
        resolve(undefined);
      };
      request.onerror = () => reject(request.error);
    });
  return {
    localStorage: await outcome(() => window.localStorage.getItem('x')),
    sessionStorage: await outcome(() => window.sessionStorage.getItem('x')),
    indexedDB: await outcome(open),
    locks: await outcome(() => navigator.locks && navigator.locks.request('storage-refused-check', () => undefined)),
  };
})()`;
const storageIn = (f: Frame) => f.evaluate(PROBE) as Promise<Record<string, string>>;

/** The frame is really refused storage: otherwise every test here could pass without testing anything. */
async function assertRefused(f: Frame) {
  const seen = await storageIn(f);
  assert.is.not(seen.localStorage, 'allowed', `localStorage refused (${JSON.stringify(seen)})`);
  assert.is.not(seen.indexedDB, 'allowed', `IndexedDB refused (${JSON.stringify(seen)})`);
  assert.is.not(seen.locks, 'allowed', `Web Locks refused (${JSON.stringify(seen)})`);
  // sessionStorage: Chromium refuses it too; Firefox still gives the frame one (the app uses none).
}

/** The note's card shows it saved: no "Saving…" or retry mark, Edit and Delete enabled. */
async function settled(f: Frame, text: string, ms = 10_000) {
  const c = card(f, text);
  await c.waitFor();
  await eventually(async () => (await c.locator('.note-saving').count()) === 0, `"${text}" saved`, ms);
  assert.ok(await c.getByRole('button', { name: 'Edit note' }).isEnabled(), 'Edit enabled');
  assert.ok(await c.getByRole('button', { name: 'Delete note' }).isEnabled(), 'Delete enabled');
}

/** Texts of the learner's notes on the video as the API stored them. */
const stored = async (s: Awaited<ReturnType<typeof scenario>>) =>
  (await s.stack.client(ASHA).notesOn(VIDEO)).map((n) => n.text).sort();

/** Opens the app with storage refused and checks it is. */
async function open(browser: Parameters<typeof scenario>[0]) {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  await assertRefused(f);
  return { s, f };
}

test('add: the notice says what is lost; the save settles and is stored once', async ({ browser }) => {
  const { s, f } = await open(browser);
  await write(f, 'Written with storage refused');
  await f.getByText(NOTICE).waitFor();
  assert.is(
    await f.getByText('Drafts can’t be kept on this device: they will be lost if the page closes.').count(),
    0,
    'one notice, not two',
  );
  await save(f);
  await waitAnnounced(f, 'Note saved');
  await settled(f, 'Written with storage refused');
  assert.equal(await stored(s), [FIRST, 'Written with storage refused'].sort());
  const adds = s.apiRequests.filter((r) => r.url().endsWith('/notes/add'));
  assert.is(adds.length, 1, 'one add sent');
});

test('edit: the saved edit settles and replaces the text once', async ({ browser }) => {
  const { s, f } = await open(browser);
  await card(f, FIRST).getByRole('button', { name: 'Edit note' }).click();
  await editor(f).click();
  await f.page().keyboard.press('End');
  await f.page().keyboard.insertText(' (edited)');
  await save(f);
  await waitAnnounced(f, 'Note saved');
  await settled(f, `${FIRST} (edited)`);
  assert.equal(await stored(s), [`${FIRST} (edited)`]);
});

test('delete with Undo: Undo brings the note back; deleting again removes it from the API', async ({
  browser,
}) => {
  const { s, f } = await open(browser);
  await card(f, FIRST).getByRole('button', { name: 'Delete note' }).click();
  await f.getByRole('button', { name: 'Undo delete' }).click();
  await settled(f, FIRST);
  await card(f, FIRST).getByRole('button', { name: 'Delete note' }).click();
  await f.getByRole('button', { name: 'Undo delete' }).waitFor();
  await eventually(
    async () => (await stored(s)).length === 0,
    'the delete once its Undo window passed',
    15_000,
  );
  assert.is(await card(f, FIRST).count(), 0, 'gone from the screen');
  const deletes = s.apiRequests.filter((r) => r.url().endsWith('/notes/delete'));
  assert.is(deletes.length, 1, 'one delete sent, after Undo took the first back');
});

test('a 409: the conflict panel shows; Keep both stores each version once', async ({ browser }) => {
  const { s, f } = await open(browser);
  const [note] = await s.stack.client(ASHA).notesOn(VIDEO);
  await card(f, FIRST).getByRole('button', { name: 'Edit note' }).click();
  await s.stack.client(ASHA).post('/notes/update', {
    noteId: note?.noteId,
    version: note?.version,
    text: 'Changed in another tab',
    content: '<p>Changed in another tab</p>',
  });
  await editor(f).click();
  await f.page().keyboard.press('End');
  await f.page().keyboard.insertText(' — mine');
  await save(f);
  await f.getByText('This note was changed elsewhere').first().waitFor();
  await f.getByRole('button', { name: 'Keep both' }).click();
  await settled(f, `${FIRST} — mine`);
  await settled(f, 'Changed in another tab');
  assert.equal(await stored(s), ['Changed in another tab', `${FIRST} — mine`].sort());
});

test('a save the API failed twice is retried and settles, stored once', async ({ browser }) => {
  const { s, f } = await open(browser);
  const fault = await injectFault(s.page, '/notes/add', { status: 503 }, { times: 2 });
  await write(f, 'Saved on the third try');
  await save(f);
  await card(f, 'Saved on the third try').getByText('Not saved yet — retrying').waitFor();
  assert.is(await editor(f).count(), 0, 'the editor closed: the text is queued in memory');
  await settled(f, 'Saved on the third try', 15_000);
  assert.is(fault.taken(), 2);
  assert.equal(await stored(s), [FIRST, 'Saved on the third try'].sort());
});

test.run();
