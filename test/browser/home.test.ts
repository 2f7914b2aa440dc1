/**
 * `/` end to end: the notes on the resource the portal's player shows, against the real mock API
 * (seeded learner Asha on "Linear regression explained" at 03:12). Add, edit, delete with Undo,
 * delete then unload, Go to (SEEK), and every failure path a learner can meet.
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { signToken } from '../../harness/api/auth.ts';
import { bodyOf, holdRequests, injectFault } from './support/api-faults.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST, COST_ID, card, HINDI, onDemoVideo, VIDEO } from './support/demo-video.ts';
import { BIDI_GAPS, chromiumOnly, REQUEST_BODIES, SAME_IN_EVERY_ENGINE } from './support/engine.ts';
import {
  expectProblem,
  recordMessages,
  seeks,
  waitAnnounced,
  waitMessages,
  waitText,
} from './support/frame-helpers.ts';
import { ASHA, demoPlayer, expiredTokenOf, noteOn, playerOn, portalContext } from './support/learners.ts';
import {
  editorButton,
  editorText,
  journalOf,
  noteText,
  readyEditor,
  replaceText,
} from './support/note-editor.ts';
import { eventually } from './support/screen-data.ts';

const { test, scenario } = browserSuite('home screen');
const withBodies = chromiumOnly(test, BIDI_GAPS.bodies);
const logicOnly = chromiumOnly(test, SAME_IN_EVERY_ENGINE);

const cardTexts = (f: Frame) => f.locator('main article .note-text').allInnerTexts();

test('heading is the resource title with course › module; notes newest first with relative times', async ({
  browser,
}) => {
  const player = demoPlayer();
  const notes = [
    noteOn(player, 'Written two days ago', 2 * 86_400_000),
    noteOn(player, 'Written two minutes ago', 2 * 60_000),
    noteOn(player, 'Written three hours ago', 3 * 3_600_000),
    noteOn(playerOn('res-ml-gradient-pdf'), 'On another resource', 60_000),
  ];
  const s = await scenario(browser, { stackOptions: { data: { notes } } });
  const f = s.frame();
  await waitText(f, 'Written two minutes ago');
  assert.is(await f.locator('main h1').innerText(), 'Linear regression explained');
  assert.is(
    await f.locator('.screen-context').innerText(),
    'Machine Learning Foundations › Supervised learning',
  );
  assert.equal(await cardTexts(f), [
    'Written two minutes ago',
    'Written three hours ago',
    'Written two days ago',
  ]);
  assert.equal(await f.locator('main article time').allInnerTexts(), [
    '2 minutes ago',
    '3 hours ago',
    '2 days ago',
  ]);
  assert.is(
    await card(f, 'Written two minutes ago').locator('time').getAttribute('datetime'),
    notes[1]?.updatedOn,
  );
});

test('Add note: a labelled editor, focused once ready; Ctrl+Enter saves at once, stored with the anchor of when Add note was pressed', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  const area = await readyEditor(f); // the labelled rich-text editor, and it has focus
  assert.ok(
    await area.evaluate((el) => (el as HTMLElement).isContentEditable && el === document.activeElement),
  );
  assert.is(await editorButton(f, 'Save').count(), 1);
  assert.is(await editorButton(f, 'Cancel').count(), 1);
  // The player moves on before the learner saves: the note keeps the place of the button press.
  await recordMessages(f);
  await s.send('CONTEXT_CHANGE', portalContext({ playerData: { ...demoPlayer(), currentTime: 300 } }));
  await waitMessages(f, 1);
  await replaceText(f, 'Gradient of the cost is linear in the error');
  const hold = await holdRequests(s.page, '/notes/add');
  await s.page.keyboard.press('Control+Enter');
  await hold.arrived;
  await card(f, 'Gradient of the cost is linear in the error').waitFor(); // before the server answered
  await hold.release();
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) =>
    n.text.startsWith('Gradient of the cost'),
  );
  assert.ok(stored, 'stored by the API');
  assert.equal(stored.anchor, { kind: 'time', seconds: 192 });
  await f.waitForFunction((id) => document.activeElement?.id === id, `note-${stored.noteId}`);
  assert.equal((await cardTexts(f))[0], 'Gradient of the cost is linear in the error', 'newest first');
  assert.is(await noteText(f).count(), 0, 'the form closed');
});

test('Add note: Escape and Cancel close the form without saving; the Save button saves', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  const add = f.getByRole('button', { name: 'Add note' });
  await add.click();
  await readyEditor(f); // Escape goes to the focused editor
  await s.page.keyboard.press('Escape');
  await noteText(f).waitFor({ state: 'detached' });
  await add.click();
  await readyEditor(f);
  await editorButton(f, 'Cancel').click();
  await noteText(f).waitFor({ state: 'detached' });
  assert.not.ok(
    s.apiRequests.some((r) => r.url().endsWith('/notes/add')),
    'nothing was sent',
  );
  await add.click();
  await replaceText(f, 'Saved with the button');
  await editorButton(f, 'Save').click();
  await waitAnnounced(f, 'Note saved');
  await card(f, 'Saved with the button').waitFor();
  assert.ok((await s.stack.client().notesOn(VIDEO)).some((n) => n.text === 'Saved with the button'));
});

test('Edit note → Save: the card and the stored note change', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Edit note' }).click();
  await readyEditor(f);
  assert.is(await editorText(f), COST);
  await replaceText(f, 'The cost function is the mean squared error.');
  await editorButton(f, 'Save').click();
  await waitAnnounced(f, 'Note saved');
  await card(f, 'The cost function is the mean squared error.').waitFor();
  await f.waitForFunction((id) => document.activeElement?.id === id, `note-${COST_ID}`);
  const stored = await s.stack.client().note(COST_ID, VIDEO);
  assert.is(stored?.text, 'The cost function is the mean squared error.');
  assert.is(stored?.version, 2);
});

test('Delete note: gone at once, Undo focused; Undo restores it; a second delete reaches the server after ~6 s', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
  await card(f, COST).waitFor({ state: 'detached' });
  const undo = f.getByRole('button', { name: 'Undo' });
  await f.waitForFunction(() => document.activeElement?.textContent === 'Undo');
  await waitAnnounced(f, 'Note deleted');
  await undo.click();
  await card(f, COST).waitFor();
  await f.waitForFunction((id) => document.activeElement?.id === id, `note-${COST_ID}`);
  await waitAnnounced(f, 'Note restored');
  assert.ok(await s.stack.client().note(COST_ID, VIDEO), 'still on the server');

  const sent = s.page.waitForRequest((r) => r.url().endsWith('/api/v1/notes/delete'), { timeout: 10_000 });
  const pressed = Date.now();
  await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
  const request = await sent;
  const waited = Date.now() - pressed;
  assert.ok(waited >= 5000 && waited < 9000, `the delete was sent after ${waited} ms`);
  if (REQUEST_BODIES) assert.equal(bodyOf(request), { noteId: COST_ID, version: 1 }); // the server is checked below
  await request.response();
  assert.is(await s.stack.client().note(COST_ID, VIDEO), undefined, 'gone on the server');
  await undo.waitFor({ state: 'detached' });
  assert.is(await card(f, COST).count(), 0);
});

/** The deletes queued in the learner's journal (the outbox), as `noteId@version`. */
const queuedDeletes = async (f: Frame) =>
  ((await journalOf(f))?.outbox ?? []).flatMap((i) =>
    i.kind === 'delete' ? [`${i.noteId}@${i.version}`] : [],
  );

/** Reloads the portal page; the reloaded portal holds its context back until `s.send`. */
async function reloadWithoutContext(s: Awaited<ReturnType<typeof onDemoVideo>>) {
  await s.page.addInitScript('window.__ctx = null;');
  await s.page.reload();
}

/** Waits for the reloaded app's LOADED, then answers it with Asha's context. */
async function answerLoaded(s: Awaited<ReturnType<typeof onDemoVideo>>) {
  await s.page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
  await s.send('LOADED', portalContext());
}

test('a delete still pending when the frame unloads is in the journal, goes out with keepalive, and the next start finds it done (404)', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
  await f.getByRole('button', { name: 'Undo' }).waitFor();
  assert.equal(await queuedDeletes(f), [`${COST_ID}@1`], 'queued in the journal during the Undo window');
  assert.is(
    await f.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('notes:deletes:')).length),
    0,
    'no separate list of pending deletes any more',
  );
  // After the reload the portal sends no context yet, so the app can't send anything: only the
  // request made while the old frame unloaded can delete the note.
  await reloadWithoutContext(s);
  await eventually(async () => !(await s.stack.client().note(COST_ID, VIDEO)), 'the keepalive delete');
  assert.equal(
    await queuedDeletes(s.frame()),
    [`${COST_ID}@1`],
    'still queued: sent again at the next start',
  );
  // (sent once while unloading: on `visibilitychange` or `pagehide`, whichever comes first)
  const deletes = () => s.stack.calls.filter((l) => l.startsWith('POST /api/v1/notes/delete '));
  await eventually(async () => deletes().some((l) => / 200 /.test(l)), 'the keepalive delete in the API log');
  const atUnload = deletes().length;
  await answerLoaded(s);
  const again = s.frame();
  await waitText(again, HINDI);
  assert.is(await card(again, COST).count(), 0, 'the queued delete hides the note');
  // Sent once its Undo window (kept in the journal across the reload) has passed.
  await eventually(
    async () => deletes().length > atUnload,
    'the delete sent again at the next start',
    10_000,
  );
  assert.match(deletes()[atUnload] ?? '', /^POST \/api\/v1\/notes\/delete 404 /, 'already done: 404');
  await eventually(async () => (await queuedDeletes(again)).length === 0, 'the 404 to count as done');
  assert.is(await card(again, COST).count(), 0, 'the note never shows again');
  assert.is(await again.getByRole('alert').count(), 0, 'a 404 for a delete is no error');
});

logicOnly(
  'a pending delete whose keepalive failed stays in the journal and is sent at the next start once the context arrives',
  async ({ browser }) => {
    const s = await onDemoVideo(scenario, browser);
    const f = s.frame();
    await card(f, COST).getByRole('button', { name: 'Delete note' }).click();
    await f.getByRole('button', { name: 'Undo' }).waitFor();
    // The API refuses every call while the frame unloads, and the reloaded portal holds its context
    // back until the failed keepalive delete is on record.
    s.stack.api.setFaults({ failRate: 1 });
    await reloadWithoutContext(s);
    await eventually(
      async () => s.stack.calls.some((l) => /^POST \/api\/v1\/notes\/delete 503 /.test(l)),
      'the keepalive delete',
    );
    s.stack.api.setFaults({ failRate: 0 });
    assert.ok(await s.stack.client().note(COST_ID, VIDEO), 'the keepalive delete failed');
    assert.equal(await queuedDeletes(s.frame()), [`${COST_ID}@1`], 'kept in the journal');
    const before = s.stack.calls.filter((l) => l.includes('/notes/delete')).length;
    await new Promise((r) => setTimeout(r, 1000));
    assert.is(
      s.stack.calls.filter((l) => l.includes('/notes/delete')).length,
      before,
      'nothing is sent without a context (no token yet)',
    );
    await answerLoaded(s);
    const again = s.frame();
    await waitText(again, HINDI);
    assert.is(await card(again, COST).count(), 0, 'the queued delete hides the note');
    await eventually(
      async () => !(await s.stack.client().note(COST_ID, VIDEO)),
      'the replayed delete',
      10_000,
    );
    await eventually(async () => (await queuedDeletes(again)).length === 0, 'the journal to let it go');
    assert.is(await card(again, COST).count(), 0);
  },
);

test('Go to 03:12 posts SEEK to the portal, from the app origin', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Go to 03:12' }).click();
  await s.page.waitForFunction(() =>
    (window as unknown as { received: { data: { requestId?: string } }[] }).received.some(
      (m) => m.data?.requestId === 'SEEK',
    ),
  );
  assert.equal(await seeks(s), [
    {
      origin: s.stack.appOrigin,
      data: { subApplicationName: 'NOTES', requestId: 'SEEK', refId: VIDEO, seconds: 192 },
    },
  ]);
});

test('Go to page 4 posts SEEK with the page for a page anchor', async ({ browser }) => {
  const s = await scenario(browser, {
    context: portalContext({ playerData: playerOn('res-ml-gradient-pdf', { page: 1 }) }),
  });
  const f = s.frame();
  await f.getByRole('button', { name: 'Go to page 4' }).click();
  await s.page.waitForFunction(() =>
    (window as unknown as { received: { data: { requestId?: string } }[] }).received.some(
      (m) => m.data?.requestId === 'SEEK',
    ),
  );
  assert.equal(await seeks(s), [
    {
      origin: s.stack.appOrigin,
      data: { subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'res-ml-gradient-pdf', page: 4 },
    },
  ]);
});

for (const [what, fault, message] of [
  ['a 500', { status: 500 }, 'The notes service is not answering right now. Try again in a moment.'],
  ['no connection', 'abort', 'You seem to be offline. Check your connection and try again.'],
] as const) {
  test(`${what} on load shows what went wrong and Retry; Retry loads the notes`, async ({ browser }) => {
    const s = await scenario(browser, {
      setup: async (page) => void (await injectFault(page, '/notes/fetch', fault, { times: 1 })),
    });
    const f = s.frame();
    await (await expectProblem(f, message)).click();
    await waitText(f, COST);
    assert.is(await f.getByRole('alert').count(), 0);
  });
}

test('a resource without notes says so in a friendly line', async ({ browser }) => {
  const s = await scenario(browser, {
    context: portalContext({ playerData: playerOn('res-lead-charter-pdf', { page: 1 }) }),
  });
  const f = s.frame();
  await waitText(f, 'No notes on this yet');
  await waitText(f, 'Press Add note to write your first one.');
  assert.is(await f.locator('main article').count(), 0);
  assert.is(await f.getByRole('alert').count(), 0);
});

logicOnly(
  'an expired token the portal does not replace: the session has expired, without Retry, and it is never sent',
  async ({ browser }) => {
    const expired = expiredTokenOf(ASHA);
    const s = await scenario(browser, { context: portalContext({ token: expired }) });
    const f = s.frame();
    await waitText(f, 'Your session has expired. Sign in again in the portal.');
    const asked = (await s.received()).filter((m) => (m.data as { type?: string }).type === 'AUTH_REQUEST');
    assert.is(asked.length, 1, 'the portal was asked for a fresh token, once');
    assert.ok(s.apiRequests.every((r) => r.headers().authorization !== `Bearer ${expired}`));
    assert.is(await f.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.is(await f.locator('main article').count(), 0);
  },
);

logicOnly(
  '401 (a token the API refuses) says the session has expired, without Retry',
  async ({ browser }) => {
    const refused = signToken({ wid: ASHA.wid }, 'another-secret', 3600);
    const s = await scenario(browser, { context: portalContext({ token: refused }) });
    const f = s.frame();
    await waitText(f, 'Your session has expired. Sign in again in the portal.');
    assert.ok(
      s.stack.calls.some((l) => /^POST \/api\/v1\/notes\/fetch 401 /.test(l)),
      'the API said 401',
    );
    assert.is(await f.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.is(await f.locator('main article').count(), 0);
  },
);

logicOnly(
  'a 5xx on save loses nothing: the editor closes, the note shows "Not saved yet — retrying", and once the server is back it is stored exactly once',
  async ({ browser }) => {
    const s = await onDemoVideo(scenario, browser);
    const f = s.frame();
    await injectFault(s.page, '/notes/add', { status: 500 });
    await f.getByRole('button', { name: 'Add note' }).click();
    await replaceText(f, 'Do not lose this');
    await editorButton(f, 'Save').click();
    const mine = card(f, 'Do not lose this');
    await mine.getByText('Not saved yet — retrying').waitFor();
    await waitAnnounced(f, 'Not saved yet — retrying');
    assert.is(await noteText(f).count(), 0, 'the editor closed: the text is safe in the outbox');
    assert.is(await f.getByText('Could not save').count(), 0);
    const queued = (await journalOf(f))?.outbox ?? [];
    assert.equal(
      queued.map((i) => (i.kind === 'add' ? i.note.text : i.kind)),
      ['Do not lose this'],
      'the add waits in the journal',
    );
    // it is retried with backoff while the server keeps failing, and nothing is stored meanwhile
    await eventually(
      async () => s.apiRequests.filter((r) => r.url().endsWith('/notes/add')).length >= 2,
      'a retry',
    );
    assert.is((await s.stack.client().notesOn(VIDEO)).length, 2, 'nothing stored while the server fails');
    await s.page.unroute('**/api/v1/notes/add');
    await mine.getByText('Not saved yet — retrying').waitFor({ state: 'detached', timeout: 15_000 });
    const stored = (await s.stack.client().notesOn(VIDEO)).filter((n) => n.text === 'Do not lose this');
    assert.is(stored.length, 1, 'stored exactly once');
    await eventually(async () => ((await journalOf(f))?.outbox.length ?? 0) === 0, 'the journal to empty');
    assert.is(await card(f, 'Do not lose this').count(), 1, 'shown once');
  },
);

logicOnly(
  'a 400 refusal keeps the text in the open editor, says why and announces "Could not save"; saving again stores it',
  async ({ browser }) => {
    const s = await onDemoVideo(scenario, browser);
    const f = s.frame();
    await injectFault(s.page, '/notes/add', { status: 400, body: { error: 'Bad request' } }, { times: 1 });
    await f.getByRole('button', { name: 'Add note' }).click();
    await replaceText(f, 'Keep this text');
    await editorButton(f, 'Save').click();
    await waitAnnounced(f, 'Could not save');
    await f.getByText('Something went wrong with that request.').waitFor();
    assert.is(await editorText(f), 'Keep this text', 'the editor kept the text');
    assert.is(await card(f, 'Keep this text').count(), 0, 'the optimistic note was rolled back');
    await f.waitForFunction(() => document.activeElement?.getAttribute('role') === 'textbox');
    const journal = await journalOf(f);
    assert.equal(journal?.outbox ?? [], [], 'not queued: a refusal is not retried');
    assert.equal(
      Object.values(journal?.drafts ?? {}).map((d) => d.text),
      ['Keep this text'],
      'the text is back in the editor’s draft',
    );
    assert.is((await s.stack.client().notesOn(VIDEO)).length, 2, 'nothing stored');
    await editorButton(f, 'Save').click();
    await waitAnnounced(f, 'Note saved');
    await card(f, 'Keep this text').waitFor();
    assert.is(await noteText(f).count(), 0, 'the editor closed');
    assert.is((await s.stack.client().notesOn(VIDEO)).filter((n) => n.text === 'Keep this text').length, 1);
  },
);

test('without playerData: "Recent notes" from GET /notes/recent, and a hint', async ({ browser }) => {
  const s = await scenario(browser, { context: portalContext({ playerData: null }) });
  const f = s.frame();
  await f.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Recent notes');
  await waitText(f, 'Open a video, a PDF or an article to take notes on it.');
  await waitText(f, COST);
  assert.ok(s.stack.calls.some((l) => /^GET \/api\/v1\/notes\/recent 200 /.test(l)));
  assert.is(await f.getByRole('button', { name: 'Add note' }).count(), 0);
  assert.ok((await f.locator('main article').count()) >= 7, 'notes across resources');
});

test('a learner with no notes at all, off any resource: "No notes yet"', async ({ browser }) => {
  const s = await scenario(browser, {
    stackOptions: { data: 'empty' },
    context: portalContext({ playerData: null }),
  });
  const f = s.frame();
  await waitText(f, 'No notes yet');
  assert.is(await f.locator('main article').count(), 0);
  assert.is(await f.getByRole('alert').count(), 0);
});

withBodies(
  'after CONTEXT_CHANGE to another resource the old notes never show under the new title',
  async ({ browser }) => {
    const s = await onDemoVideo(scenario, browser);
    const f = s.frame();
    const pdf = 'res-ml-gradient-pdf';
    const hold = await holdRequests(s.page, '/notes/fetch', (r) => bodyOf(r)?.refId === pdf);
    await s.send('CONTEXT_CHANGE', portalContext({ playerData: playerOn(pdf, { page: 1 }) }));
    await f.waitForFunction(
      () => document.querySelector('main h1')?.textContent === 'Gradient descent handout',
    );
    await hold.arrived;
    assert.is(await card(f, COST).count(), 0, 'no old note while the new ones load');
    assert.is(await card(f, HINDI).count(), 0);
    await hold.release();
    await waitText(f, 'Learning rate tips:');
    assert.is(await card(f, COST).count(), 0);

    // A failed load for the next resource does not bring the previous notes back either.
    await injectFault(s.page, '/notes/fetch', { status: 500 }, { when: (r) => bodyOf(r)?.refId === VIDEO });
    await s.send('CONTEXT_CHANGE', portalContext());
    await f.getByRole('alert').waitFor();
    assert.is(await f.locator('main h1').innerText(), 'Linear regression explained');
    assert.is(await card(f, 'Learning rate tips:').count(), 0);
  },
);

test.run();
