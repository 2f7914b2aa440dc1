import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, TIMEOUT_MESSAGE } from '../../../src/api/api-error.ts';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { parseJournal } from '../../../src/notes/write/journal.ts';
import type { FirstOutcome } from '../../../src/notes/write/outbox.ts';
import type { DeleteResult, Note } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { createFakeClock } from '../../fakes/fake-clock.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import type { NotesApi } from '../../fakes/fake-notes-api.ts';
import {
  addItem,
  answers,
  createRecordedStorage,
  createWriteSide,
  deleteItem,
  httpError,
  L1,
  NOW,
  offline,
  type RecordedStorage,
  updateItem,
  type WriteSideOptions,
} from '../../fakes/write-side.ts';

const base = fakeNote({ noteId: 'n1', version: 3, content: '<p>old</p>', text: 'old' });
const saved = (noteId: string, over: Partial<Note> = {}) => fakeNote({ noteId, version: 1, ...over });
const gone = (noteId: string): DeleteResult => ({ noteId, deleted: true });

/** A write side with the outbox under test; `script` answers the API. */
const setup = (script: Partial<NotesApi> = {}, options: WriteSideOptions = {}) =>
  createWriteSide({ script, ...options });

/** Records the outcome a waiter hears, so a test can tell "not yet" from an answer. */
function watch(p: Promise<FirstOutcome>) {
  const seen: { outcome: FirstOutcome | null } = { outcome: null };
  void p.then((o) => {
    seen.outcome = o;
  });
  return seen;
}

const keysOf = (s: ReturnType<typeof setup>) => s.fake.optionsTo('addNote').map((o) => o?.idempotencyKey);

test('writes go one at a time, in the order they were made', async () => {
  const a = createDeferred<Note>();
  const b = createDeferred<Note>();
  const s = setup({ addNote: answers(a, b), deleteNote: answers(gone('n9')) });
  const first = watch(s.outbox.enqueue(addItem('a')));
  s.outbox.enqueue(addItem('b', { text: 'b' }));
  s.outbox.enqueue(deleteItem('c', 'n9', 1, NOW));
  await flushPromises();
  assert.equal(
    s.fake.calls.map((c) => c.method),
    ['addNote'],
  );
  a.resolve(saved('srv-a'));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'saved', note: saved('srv-a') });
  assert.equal(keysOf(s), ['a', 'b']);
  assert.equal(
    s.fake.calls.map((c) => c.method),
    ['addNote', 'addNote'],
    'the delete waits for b',
  );
  b.resolve(saved('srv-b'));
  await flushPromises();
  assert.equal(
    s.fake.calls.map((c) => c.method),
    ['addNote', 'addNote', 'deleteNote'],
  );
  assert.equal(s.stored().outbox, []);
  assert.not.ok(s.storage.items.has(journalKey(L1)), 'an empty journal is removed');
  assert.is(s.t.pending(), 0, 'no timer left behind');
});

test('an item stays in the journal until the server confirms it', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ addNote: answers(answer) });
  s.outbox.enqueue(addItem('a'));
  await flushPromises();
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['a'],
  );
  answer.resolve(saved('srv'));
  await flushPromises();
  assert.equal(s.stored().outbox, []);
});

test('an add carries its item id as Idempotency-Key, and the same key on every retry', async () => {
  const s = setup({ addNote: answers<Note>(offline(), httpError(503), saved('srv')) });
  const first = watch(s.outbox.enqueue(addItem('a')));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'queued' });
  await s.t.advance(60_000);
  assert.equal(keysOf(s), ['a', 'a', 'a']);
  assert.equal(s.fake.optionsTo('addNote')[0], { idempotencyKey: 'a', keepalive: false });
  const { note } = addItem('a') as { note: unknown };
  assert.equal(
    s.fake.callsTo('addNote').map((args) => args[0]),
    [note, note, note],
  );
  assert.equal(s.stored().outbox, []);
});

test('the link or the server failing: retried with exponential backoff (jitter at its low end)', async () => {
  const t = createFakeClock(NOW);
  const times: number[] = [];
  const failures = [offline(), new ApiError('timeout', TIMEOUT_MESSAGE), httpError(500), httpError(502)];
  const s = setup(
    {
      updateNote: () => {
        times.push(t.now() - NOW);
        const e = failures.shift();
        return e ? Promise.reject(e) : Promise.resolve({ ...base, version: 4 });
      },
    },
    { clock: t, random: () => 0 },
  );
  s.outbox.enqueue(updateItem('u', base, 'mine'));
  await t.advance(499);
  assert.equal(times, [0], 'not before the first delay is over');
  await t.advance(60_000);
  assert.equal(times, [0, 500, 1500, 3500, 7500]);
  assert.equal(t.delays, [500, 1000, 2000, 4000]);
  assert.equal(s.stored().outbox, []);
});

test('backoff jitter: with random at its top the waits are the full 1 s, 2 s, 4 s…', async () => {
  const s = setup(
    { deleteNote: answers<DeleteResult>(offline(), offline(), offline(), gone('n1')) },
    { random: () => 1 },
  );
  s.outbox.enqueue(deleteItem('d', 'n1', 3, NOW));
  await s.t.advance(60_000);
  assert.equal(s.t.delays, [1000, 2000, 4000]);
  assert.is(s.fake.callsTo('deleteNote').length, 4);
});

test('the backoff starts again from 1 s after a success', async () => {
  const s = setup(
    {
      addNote: answers<Note>(offline(), offline(), saved('srv-a'), offline(), saved('srv-b')),
    },
    { random: () => 0 },
  );
  s.outbox.enqueue(addItem('a'));
  await s.t.advance(1500);
  assert.equal(s.t.delays, [500, 1000]);
  s.outbox.enqueue(addItem('b'));
  await s.t.advance(500);
  assert.equal(s.t.delays, [500, 1000, 500]);
  assert.equal(keysOf(s), ['a', 'a', 'a', 'b', 'b']);
});

test('resume() (online) starts the backoff again from 1 s: failures while the link was down do not count', async () => {
  const s = setup(
    { addNote: answers<Note>(offline(), offline(), offline(), offline(), saved('srv')) },
    { random: () => 1 },
  );
  s.outbox.enqueue(addItem('a'));
  await s.t.advance(7000 - 1);
  assert.equal(s.t.delays, [1000, 2000, 4000], 'the link down: 1 s, 2 s, 4 s');
  s.outbox.resume(); // online; the server's first answer fails anyway (a 503)
  await flushPromises();
  assert.equal(s.t.delays, [1000, 2000, 4000, 1000], 'not 8 s');
  await s.t.advance(1000);
  assert.equal(s.stored().outbox, []);
});

test('resume() (the browser is online again) sends at once and drops the pending retry', async () => {
  const s = setup({ addNote: answers<Note>(offline(), saved('srv')) }, { random: () => 1 });
  s.outbox.enqueue(addItem('a'));
  await flushPromises();
  assert.is(s.t.pending(), 1, 'a retry is scheduled');
  s.outbox.resume();
  await flushPromises();
  assert.equal(keysOf(s), ['a', 'a'], 'sent again at once');
  assert.equal(s.stored().outbox, []);
  await s.t.advance(120_000);
  assert.is(s.fake.callsTo('addNote').length, 2, 'the old timer did not send it once more');
});

test('failing lists every queued item while a retry is pending, and is cleared by a success', async () => {
  const s = setup({ updateNote: answers<Note>(offline(), { ...base, version: 4 }) });
  s.outbox.enqueue(deleteItem('d', 'n2', 1, NOW + 60_000));
  s.outbox.enqueue(updateItem('u', base, 'x'));
  assert.equal([...s.outbox.failing.value], []);
  await flushPromises();
  assert.equal([...s.outbox.failing.value].sort(), ['d', 'u']);
  await s.t.advance(1000);
  assert.equal([...s.outbox.failing.value], []);
});

test('while earlier writes are failing, a new one hears "queued" at once, before any attempt', async () => {
  const s = setup({ addNote: answers<Note>(offline(), offline(), saved('a'), saved('b')) });
  s.outbox.enqueue(addItem('a'));
  await flushPromises();
  const second = watch(s.outbox.enqueue(addItem('b')));
  await Promise.resolve();
  assert.equal(second.outcome, { kind: 'queued' });
  await s.t.advance(60_000);
  // (Queuing b also retries a at once, ahead of its backoff: enqueue always pumps.)
  assert.equal(keysOf(s), ['a', 'a', 'a', 'b'], 'b goes only after a, once the link is back');
});

// `failing` is built from the queue as it is after the failed send: a write made while the first
// attempt was on its way is answered at once ("behind") and marked failing with the rest.
test('a write queued behind one in flight is answered "behind" at once and marked failing when that one fails', async () => {
  const first = createDeferred<Note>();
  const s = setup({ addNote: answers<Note>(first, saved('a'), saved('b')) });
  s.outbox.enqueue(addItem('a'));
  const second = watch(s.outbox.enqueue(addItem('b')));
  await flushPromises();
  first.reject(offline());
  await flushPromises();
  assert.ok(s.outbox.failing.value.has('b'), 'b is shown as not saved yet');
  assert.equal(second.outcome, { kind: 'behind' }, 'b’s editor closed at once: its text is queued behind a');
});

test('401: sending pauses until resume; the waiting editor hears "session"', async () => {
  const s = setup({ addNote: answers<Note>(httpError(401), saved('a'), saved('b')) });
  const first = watch(s.outbox.enqueue(addItem('a')));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'session' });
  assert.equal(s.paused, ['session']);
  await s.t.advance(10 * 60_000);
  assert.equal(keysOf(s), ['a'], 'no retry while the session is gone');
  const second = watch(s.outbox.enqueue(addItem('b')));
  await flushPromises();
  assert.equal(second.outcome, { kind: 'session' }, 'told at once while paused');
  assert.equal(keysOf(s), ['a']);
  s.outbox.flush();
  assert.equal(keysOf(s), ['a'], 'no keepalive send while paused either');
  s.outbox.resume(); // the portal sent a new session
  await flushPromises();
  assert.equal(keysOf(s), ['a', 'a', 'b']);
  assert.equal(s.stored().outbox, []);
});

test('writes queued behind one that met a 401 were answered at once and wait for the new session', async () => {
  const first = createDeferred<Note>();
  const s = setup({ addNote: answers<Note>(first) });
  s.outbox.enqueue(addItem('a'));
  const second = watch(s.outbox.enqueue(addItem('b')));
  await flushPromises();
  assert.equal(second.outcome, { kind: 'behind' }, 'answered at once: nothing waits behind a');
  first.reject(httpError(401));
  await flushPromises();
  assert.equal(keysOf(s), ['a'], 'b waits for the new session');
});

test('403: forbidden — paused, onPaused("forbidden"), the waiter hears it', async () => {
  const s = setup({ updateNote: answers<Note>(httpError(403)) });
  const first = watch(s.outbox.enqueue(updateItem('u', base, 'x')));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'forbidden' });
  assert.equal(s.paused, ['forbidden']);
  await s.t.advance(10 * 60_000);
  assert.is(s.fake.callsTo('updateNote').length, 1);
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['u'],
    'kept: the outbox itself never drops a write on a 401/403',
  );
});

test('409 on an edit whose text the server already has: done (the first try got through)', async () => {
  const current = { ...base, content: '<p>mine</p>', text: 'mine', version: 4 };
  const s = setup({ updateNote: answers<Note>(httpError(409, current)) });
  const first = watch(s.outbox.enqueue(updateItem('u', base, 'mine')));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'saved', note: current });
  assert.equal(s.settled, [['u', { kind: 'done', note: current }]]);
  assert.equal(s.stored(), { drafts: {}, outbox: [], conflicts: {} });
});

test('409 with other text: the conflict is recorded in the same write that drops the edit', async () => {
  const current = { ...base, content: '<p>theirs</p>', text: 'theirs', version: 4 };
  const s = setup({ updateNote: answers<Note>(httpError(409, current)) });
  const first = watch(s.outbox.enqueue(updateItem('u', base, 'mine')));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'conflict', current });
  const values = s.storage.log.map((w) => parseJournal(w.value));
  assert.is(values.length, 2, 'queued, then settled: two writes');
  assert.equal(values[1], {
    drafts: {},
    outbox: [],
    conflicts: { n1: { mine: { content: '<p>mine</p>', text: 'mine' }, base, current } },
  });
});

test('404 on a delete: done; 404 on an edit: a conflict with the note gone', async () => {
  const s = setup({
    deleteNote: answers<DeleteResult>(httpError(404)),
    updateNote: answers<Note>(httpError(404)),
  });
  const del = watch(s.outbox.enqueue(deleteItem('d', 'n2', 1, NOW)));
  const edit = watch(s.outbox.enqueue(updateItem('u', base, 'mine')));
  await flushPromises();
  assert.equal(del.outcome, { kind: 'saved', note: null });
  assert.equal(edit.outcome, { kind: 'behind' }, 'queued behind the delete, answered at once');
  assert.equal(s.stored().outbox, []);
  assert.is(s.stored().conflicts.n1?.current, null);
});

test('400: refused — the text goes back to its draft, appended to a draft started meanwhile', async () => {
  const s = setup({ addNote: answers<Note>(httpError(400), httpError(400)) });
  const item = addItem('a', { refId: 'r1', content: '<p>lost?</p>', text: 'lost?' });
  const first = watch(s.outbox.enqueue(item));
  await flushPromises();
  assert.equal(first.outcome, { kind: 'refused', message: 'HTTP 400' });
  assert.equal(s.stored().drafts, { 'new:r1': { content: '<p>lost?</p>', text: 'lost?', tags: ['a'] } });
  assert.equal(s.stored().outbox, []);
  // A second refused add on the same resource meets that draft: appended, not overwritten.
  s.outbox.enqueue(addItem('b', { refId: 'r1', content: '<p>two</p>', text: 'two' }));
  await flushPromises();
  assert.equal(s.stored().drafts, {
    'new:r1': { content: '<p>lost?</p><p>two</p>', text: 'lost?\n\ntwo', tags: ['a'] },
  });
});

test('a confirmed add rebases the writes behind it: temporary id → server id, then each new version', async () => {
  const s = setup({
    addNote: answers<Note>(saved('srv-1', { version: 1 })),
    updateNote: answers<Note>(saved('srv-1', { version: 2 })),
    deleteNote: answers<DeleteResult>(gone('srv-1')),
  });
  const temp = fakeNote({ noteId: 'local-a', version: 0 });
  s.outbox.enqueue(addItem('a'));
  s.outbox.enqueue(updateItem('u', temp, 'edited before it was saved'));
  s.outbox.enqueue(deleteItem('d', 'local-a', 0, NOW));
  await flushPromises();
  assert.equal(s.fake.callsTo('updateNote')[0]?.[0], {
    noteId: 'srv-1',
    version: 1,
    content: '<p>edited before it was saved</p>',
    text: 'edited before it was saved',
  });
  assert.equal(s.fake.callsTo('deleteNote')[0]?.slice(0, 2), ['srv-1', 2]);
});

test('a delete held back by `after` does not block the writes behind it, and goes when due', async () => {
  const s = setup({ addNote: answers<Note>(saved('srv')), deleteNote: answers<DeleteResult>(gone('n2')) });
  s.outbox.enqueue(deleteItem('d', 'n2', 1, NOW + 6000));
  s.outbox.enqueue(addItem('a'));
  await flushPromises();
  assert.equal(keysOf(s), ['a'], 'the add went past the waiting delete');
  await s.t.advance(5999);
  assert.equal(s.fake.callsTo('deleteNote'), []);
  await s.t.advance(1);
  assert.equal(s.fake.callsTo('deleteNote'), [['n2', 1, { keepalive: false }]]);
  assert.equal(s.stored().outbox, []);
});

test('cancel() takes an item back before it is sent; false while it is on its way and once done', async () => {
  const answer = createDeferred<DeleteResult>();
  const s = setup({ deleteNote: answers<DeleteResult>(answer) });
  s.outbox.enqueue(deleteItem('d1', 'n1', 3, NOW + 6000));
  s.outbox.enqueue(deleteItem('d2', 'n2', 1, NOW + 6000));
  assert.ok(s.outbox.cancel('d1'));
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['d2'],
  );
  assert.not.ok(s.outbox.cancel('d1'), 'already gone');
  await s.t.advance(6000);
  assert.equal(
    s.fake.callsTo('deleteNote').map((a) => a[0]),
    ['n2'],
    'the cancelled one was never sent',
  );
  assert.not.ok(s.outbox.cancel('d2'), 'in flight');
  answer.resolve(gone('n2'));
  await flushPromises();
  assert.not.ok(s.outbox.cancel('d2'), 'done');
  assert.equal(s.stored().outbox, []);
});

test('stop() (another learner): waiters hear "queued", a late answer is ignored, nothing more goes out', async () => {
  const answer = createDeferred<Note>();
  const s = setup({ addNote: answers<Note>(answer) });
  const first = watch(s.outbox.enqueue(addItem('a')));
  const second = watch(s.outbox.enqueue(addItem('b')));
  await flushPromises();
  s.outbox.stop();
  await flushPromises();
  assert.equal(first.outcome, { kind: 'queued' });
  assert.equal(second.outcome, { kind: 'behind' });
  answer.resolve(saved('srv-a'));
  await s.t.advance(10 * 60_000);
  s.outbox.resume();
  s.outbox.flush();
  await flushPromises();
  assert.equal(keysOf(s), ['a'], 'b never goes out from a stopped outbox');
  assert.equal(s.settled, [], 'the late answer settles nothing');
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['a', 'b'],
    'the journal keeps the queue for the learner’s next visit',
  );
  assert.is(s.t.pending(), 0);
});

test('flush() (unload) sends every queued item once more with keepalive and keeps them all', async () => {
  const inFlight = createDeferred<Note>();
  const s = setup({
    addNote: answers<Note>(inFlight, saved('srv-b')),
    updateNote: answers<Note>({ ...base, version: 4 }),
    deleteNote: answers<DeleteResult>(gone('n2')),
  });
  s.outbox.enqueue(addItem('a'));
  s.outbox.enqueue(addItem('b'));
  s.outbox.enqueue(updateItem('u', base, 'x'));
  s.outbox.enqueue(deleteItem('d', 'n2', 1, NOW + 6000)); // still inside its Undo window
  await flushPromises();
  s.outbox.flush();
  assert.equal(keysOf(s), ['a', 'b'], 'a is on its way already: not sent twice');
  assert.equal(s.fake.optionsTo('addNote')[1], { idempotencyKey: 'b', keepalive: true });
  assert.equal(s.fake.optionsTo('updateNote'), [{ keepalive: true }]);
  assert.equal(s.fake.callsTo('deleteNote'), [['n2', 1, { keepalive: true }]]);
  await flushPromises();
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['a', 'b', 'u', 'd'],
    'all kept: the next start sends them again',
  );
});

test('flush() also sends an item waiting for its retry, with its key', async () => {
  const s = setup({ addNote: answers<Note>(offline(), saved('srv')) });
  s.outbox.enqueue(addItem('a'));
  await flushPromises();
  s.outbox.flush();
  assert.equal(s.fake.optionsTo('addNote'), [
    { idempotencyKey: 'a', keepalive: false },
    { idempotencyKey: 'a', keepalive: true },
  ]);
});

test('after a reload the queue left in storage is sent, in order', async () => {
  const storage: RecordedStorage = createRecordedStorage();
  const before = setup({ addNote: answers<Note>(offline()) }, { storage });
  before.outbox.enqueue(addItem('a'));
  before.outbox.enqueue(updateItem('u', base, 'x'));
  before.outbox.enqueue(deleteItem('d', 'n2', 1, NOW + 6000));
  await flushPromises();
  before.outbox.stop(); // the page is gone
  const after = setup(
    {
      addNote: answers<Note>(saved('srv')),
      updateNote: answers<Note>({ ...base, version: 4 }),
      deleteNote: answers<DeleteResult>(gone('n2')),
    },
    { storage },
  );
  after.outbox.resume(); // what start-up does
  await after.t.advance(6000);
  assert.equal(
    after.fake.calls.map((c) => c.method),
    ['addNote', 'updateNote', 'deleteNote'],
  );
  assert.equal(after.stored().outbox, []);
});

test('an add whose answer was lost is sent again after a reload with the same key and note', async () => {
  const storage: RecordedStorage = createRecordedStorage();
  const lost = createDeferred<Note>();
  const before = setup({ addNote: answers<Note>(lost) }, { storage });
  const item = addItem('key-1', { text: 'exactly once' });
  before.outbox.enqueue(item);
  await flushPromises();
  before.outbox.stop(); // reloaded while the answer was on its way
  lost.reject(offline());
  const after = setup({ addNote: answers<Note>(saved('srv')) }, { storage });
  after.outbox.resume();
  await flushPromises();
  const [args] = after.fake.callsTo('addNote');
  assert.equal(args?.[0], item.kind === 'add' ? item.note : null);
  assert.equal(after.fake.optionsTo('addNote'), [{ idempotencyKey: 'key-1', keepalive: false }]);
  assert.equal(before.fake.optionsTo('addNote')[0]?.idempotencyKey, 'key-1');
});

test('two outboxes (frames) of one learner never lose each other’s items', async () => {
  const storage: RecordedStorage = createRecordedStorage();
  const a = setup({ addNote: answers<Note>(offline()) }, { storage });
  const b = setup({ addNote: answers<Note>(offline()) }, { storage });
  a.outbox.enqueue(addItem('from-a'));
  b.outbox.enqueue(addItem('from-b'));
  await flushPromises();
  assert.equal(
    a.stored().outbox.map((i) => i.id),
    ['from-a', 'from-b'],
  );
});

test.run();
