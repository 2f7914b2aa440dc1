/**
 * No data loss, end to end: drafts kept across a reload, and the outbox carrying adds, edits and
 * deletes through 5xx answers, lost answers, an offline link, a reload, a 401 and a conflict —
 * ending with exactly the notes the learner wrote on the server (none lost, none twice).
 */
import type { Frame, Page, Route } from 'playwright-core';
import * as assert from 'uvu/assert';
import { apiPath, injectFault } from './support/api-faults.ts';
import { browserSuite } from './support/browser-suite.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';
import { ASHA, demoPlayer, LUKAS, noteOn, portalContext } from './support/learners.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('outbox and drafts');
const VIDEO = demoPlayer().resourceId;
const FIRST = 'An earlier note on this video';
const data = { notes: [noteOn(demoPlayer(), FIRST, 60_000)] };

const editor = (f: Frame) => f.getByRole('textbox', { name: 'Note' });

/** Opens Add note (or an editor already open) and types `text` into it. */
async function write(f: Frame, text: string, open = true) {
  if (open) await f.getByRole('button', { name: 'Add note' }).click();
  await editor(f).click();
  await f.page().keyboard.insertText(text);
}

const unsavedMarks = (f: Frame) => f.locator('main article').getByText('Not saved yet — retrying');
const save = (f: Frame) => f.getByRole('button', { name: 'Save' }).click();
const storedTexts = async (s: Awaited<ReturnType<typeof scenario>>) =>
  (await s.stack.client(ASHA).notesOn(VIDEO)).map((n) => n.text).sort();
const journalOf = (f: Frame) =>
  f.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('notes:journal:')).length);

/**
 * Lets every write through to the API but answers 503, as if the answer were lost on the way. The
 * pass-through waits as long as the API takes (a loaded machine can take more than the context's
 * 10 s), and a pass-through that fails anyway is a lost link, not a crash of the test's worker.
 */
async function loseAnswers(page: Page, path: string, times: number) {
  let lost = 0;
  await page.route(apiPath(path), async (route: Route) => {
    if (lost >= times) return route.fallback();
    lost += 1;
    try {
      await route.fetch({ timeout: 0 }); // the API did the work…
    } catch {
      return route.abort('failed');
    }
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"lost"}' });
  });
}

test('a 5xx keeps the note queued ("Not saved yet — retrying") and the retry stores it once', async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  const fault = await injectFault(s.page, '/notes/add', { status: 500 }, { times: 2 });
  await write(f, 'Written while the server fails');
  await save(f);
  const card = f.locator('main article', { hasText: 'Written while the server fails' });
  await card.getByText('Not saved yet — retrying').waitFor();
  assert.is(await editor(f).count(), 0, 'the editor closed: the text is safe in the outbox');
  await card.getByText('Not saved yet — retrying').waitFor({ state: 'detached', timeout: 15_000 });
  assert.is(fault.taken(), 2);
  assert.equal(await storedTexts(s), [FIRST, 'Written while the server fails'].sort());
  await eventually(async () => (await journalOf(f)) === 0, 'the journal to empty');
});

test('a save whose connection times out is retried and stored once', async ({ browser }) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  let cut = 0;
  await s.page.route(apiPath('/notes/add'), (route) =>
    cut++ < 2 ? route.abort('timedout') : route.fallback(),
  );
  await write(f, 'Written over a link that times out');
  await save(f);
  await unsavedMarks(f).first().waitFor();
  await eventually(async () => (await journalOf(f)) === 0, 'the retries to get it through', 15_000);
  assert.ok(cut >= 3, 'two timed out, then one went through');
  assert.equal(await storedTexts(s), [FIRST, 'Written over a link that times out'].sort());
});

test('lost answers: the add, edit and delete reached the API but their answers did not; retries change nothing twice', async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  await loseAnswers(s.page, '/notes/add', 2);
  await write(f, 'Sent twice, stored once');
  await save(f);
  await eventually(
    async () => (await storedTexts(s)).length === 2 && (await journalOf(f)) === 0,
    'the add',
    15_000,
  );
  assert.equal(await storedTexts(s), [FIRST, 'Sent twice, stored once'].sort());
  const keys = s.apiRequests
    .filter((r) => r.url().endsWith('/notes/add'))
    .map((r) => r.headers()['idempotency-key']);
  assert.ok(keys.length >= 3 && keys.every((k) => k && k === keys[0]), 'every try carried the same key');

  await loseAnswers(s.page, '/notes/update', 1);
  const card = f.locator('main article', { hasText: FIRST });
  await card.getByRole('button', { name: 'Edit note' }).click();
  await editor(f).click();
  await f.page().keyboard.press('End');
  await f.page().keyboard.insertText(' (edited)');
  await save(f);
  await eventually(
    async () => (await storedTexts(s)).includes(`${FIRST} (edited)`) && (await journalOf(f)) === 0,
    'the edit',
    15_000,
  );
  assert.not.ok(
    await f.getByText('This note was changed elsewhere').count(),
    'its own 409 is not a conflict',
  );
});

test('offline: writes queue up, survive a reload, and go out once the link is back', async ({ browser }) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  const writes = ['/notes/add', '/notes/update', '/notes/delete'];
  for (const path of writes)
    await s.page.route(apiPath(path), (route) => route.abort('internetdisconnected'));
  await write(f, 'Offline one');
  await save(f);
  await f.getByText('Not saved yet — retrying').first().waitFor();
  await write(f, 'Offline two');
  await save(f);
  await eventually(async () => (await unsavedMarks(f).count()) === 2, 'both queued');
  await s.page.reload();
  const g = s.frame();
  await waitText(g, 'Offline two');
  await eventually(async () => (await unsavedMarks(g).count()) >= 1, 'still marked after the reload');
  for (const path of writes) await s.page.unroute(apiPath(path));
  await eventually(async () => (await storedTexts(s)).length === 3, 'the queue to drain', 20_000);
  assert.equal(await storedTexts(s), [FIRST, 'Offline one', 'Offline two'].sort());
  await eventually(async () => (await journalOf(s.frame())) === 0, 'the journal to empty');
});

test('a reload in the middle of typing restores the draft; saving empties the next Add note', async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  await write(f, 'Half a thought');
  await s.page.reload();
  const g = s.frame();
  await waitText(g, FIRST);
  await g.getByRole('button', { name: 'Add note' }).click();
  await g.getByText('Draft restored').first().waitFor();
  assert.match(
    await editor(g)
      .innerText()
      .catch(() => editor(g).inputValue()),
    /Half a thought/,
  );
  await write(g, ', finished.', false);
  await save(g);
  await waitAnnounced(g, 'Note saved');
  await g.getByRole('button', { name: 'Add note' }).click();
  const left = await editor(g).evaluate((el) =>
    el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? ''),
  );
  assert.is(left.trim(), '', 'the next Add note starts empty');
  assert.is(await g.getByText('Draft restored').count(), 0);
});

test('a 401 on save keeps the editor open with the text in its draft; after a new session it saves once', async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  await injectFault(s.page, '/notes/add', { status: 401, body: { error: 'expired' } }, { times: 1 });
  await write(f, 'Kept through a 401');
  await save(f);
  await f.getByText('Your session has expired. Sign in again in the portal.').first().waitFor();
  assert.match(
    await editor(f)
      .innerText()
      .catch(() => editor(f).inputValue()),
    /Kept through a 401/,
  );
  assert.is(await journalOf(f), 1, 'the text is in the draft, not queued');
  await s.send('CONTEXT_CHANGE', portalContext()); // the portal signs the learner in again
  await save(f);
  await eventually(
    async () => (await storedTexts(s)).includes('Kept through a 401'),
    'the save after signing in',
  );
  await eventually(async () => (await journalOf(f)) === 0, 'the journal to empty');
  assert.equal((await storedTexts(s)).filter((t) => t === 'Kept through a 401').length, 1);
});

test('a conflict shows both versions; Keep both stores the learner’s text as a new note', async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  const [note] = await s.stack.client(ASHA).notesOn(VIDEO);
  const card = f.locator('main article', { hasText: FIRST });
  await card.getByRole('button', { name: 'Edit note' }).click();
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
  await f.getByText(`${FIRST} — mine`).first().waitFor();
  await f.getByRole('button', { name: 'Keep both' }).click();
  await eventually(async () => (await storedTexts(s)).length === 2, 'both versions stored');
  assert.equal(await storedTexts(s), ['Changed in another tab', `${FIRST} — mine`].sort());
});

test('a learner change never sends one learner’s queue with the other’s token', async ({ browser }) => {
  const s = await scenario(browser, { stackOptions: { data } });
  const f = s.frame();
  await waitText(f, FIRST);
  await s.page.route(apiPath('/notes/add'), (route) => route.abort('internetdisconnected'));
  await write(f, 'Asha’s queued note');
  await save(f);
  await f.getByText('Not saved yet — retrying').first().waitFor();
  await s.send('CONTEXT_CHANGE', portalContext({ user: LUKAS }));
  await s.page.unroute(apiPath('/notes/add'));
  await new Promise((r) => setTimeout(r, 3000)); // longer than the first retries' backoff
  const adds = s.apiRequests.filter((r) => r.url().endsWith('/notes/add'));
  assert.ok(
    adds.every((r) => r.headers().wid === ASHA.wid),
    'no add went out as Lukas',
  );
  await s.send('CONTEXT_CHANGE', portalContext());
  await eventually(
    async () => (await storedTexts(s)).includes('Asha’s queued note'),
    'Asha’s note stored once she is back',
    15_000,
  );
});

test('storage refused (private mode): drafts in memory with a visible warning, saving still works', async ({
  browser,
}) => {
  const s = await scenario(browser, {
    stackOptions: { data },
    setup: (page) =>
      page.addInitScript(() => {
        if (location.hostname === '127.0.0.1') {
          Object.defineProperty(window, 'localStorage', {
            get() {
              throw new DOMException('denied', 'SecurityError');
            },
          });
        }
      }),
  });
  const f = s.frame();
  await waitText(f, FIRST);
  await write(f, 'Written without storage');
  // The probe at start-up finds storage refused: the editor's one notice says what is lost.
  await f
    .getByText(/doesn.t let this page keep anything on this device/)
    .first()
    .waitFor();
  await save(f);
  await eventually(async () => (await storedTexts(s)).includes('Written without storage'), 'the save');
});

test.run();
