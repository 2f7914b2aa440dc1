/**
 * The write side when the browser refuses storage (issue 24): the journal in memory, this frame the
 * only sender, and a refused Web Lock or ledger never leaving a save waiting. The browser tests
 * (test/browser/storage-refused.test.ts) run the same flows in a frame the browser refuses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OutboxDeps } from '../../../src/notes/write/outbox.ts';
import { UNDO_MS } from '../../../src/notes/write/pending-deletes.ts';
import { createSentLedger, type LedgerDatabase } from '../../../src/notes/write/sent-ledger.ts';
import type { DeleteResult, Note } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { createFakeClock } from '../../fakes/fake-clock.ts';
import { draftOf, fakeNote } from '../../fakes/fake-note.ts';
import { addItem, answers, createWriteSide, httpError, L1, NOW, offline } from '../../fakes/write-side.ts';

const typed = { content: '<p>new note</p>', text: 'new note', tags: ['a'] };
const draft = draftOf(fakeNote({ refId: 'r1', ...typed }));
const stored = fakeNote({ noteId: 'n1', version: 3, content: '<p>before</p>', text: 'before' });
const saved = (noteId: string, over: Partial<Note> = {}) => fakeNote({ noteId, version: 1, ...over });
const refusal = () => new DOMException('The operation is insecure.', 'SecurityError');

/** A lock the browser refuses, as `navigator.locks.request` does where storage is refused. */
const refusedLock = (): NonNullable<OutboxDeps['exclusive']> & { asked: () => number } => {
  let asked = 0;
  const lock = () => {
    asked += 1;
    return Promise.reject(refusal());
  };
  return Object.assign(lock, { asked: () => asked });
};

test('refused: the journal is in memory from the start and never touches storage', async () => {
  const s = createWriteSide({ refused: true, script: { addNote: answers<Note>(saved('srv-1')) } });
  assert.is(s.journal.durable.value, false, 'the editor says so before the first write');
  s.drafts.set('new:r1', typed);
  s.drafts.flush();
  assert.equal(s.drafts.get('new:r1'), typed, 'the draft is kept in memory');
  const result = await s.writes.add(draft, 'new:r1');
  assert.ok(result.ok);
  assert.is(s.journal.durable.value, false, 'an emptied journal is still not durable');
  assert.equal(s.storage.log, [], 'nothing was written to storage');
});

test('refused: an add settles saved once the server confirms it, sent once with its key', async () => {
  const answer = createDeferred<Note>();
  const s = createWriteSide({ refused: true, script: { addNote: answers<Note>(answer) } });
  const done = s.writes.add(draft, 'new:r1');
  await flushPromises();
  assert.ok(s.cache.saving.value.has('local-id-1'), 'Saving… while on its way');
  answer.resolve(saved('srv-1', draft));
  const result = await done;
  assert.ok(result.ok && !result.queued, 'saved, not queued');
  assert.equal(s.cache.saving.value, new Set(), 'no note left saving');
  assert.equal(s.visible(), ['srv-1']);
  assert.equal(s.fake.optionsTo('addNote'), [{ idempotencyKey: 'id-1', keepalive: false }]);
  assert.ok(s.announced.includes('Note saved'));
});

test('refused: an edit, a 409 and its resolution, a delete with Undo then a delete — all in memory', async () => {
  const theirs = { ...stored, content: '<p>theirs</p>', text: 'theirs', version: 4 };
  const s = createWriteSide({
    refused: true,
    script: {
      updateNote: answers<Note>({ ...stored, text: 'edited', version: 4 }, httpError(409, theirs)),
      addNote: answers<Note>(saved('srv-2', { text: 'mine' })),
      deleteNote: answers<DeleteResult>({ noteId: 'n1', deleted: true }),
    },
  });
  s.cache.put(stored);
  const edited = await s.writes.update(stored, { content: '<p>edited</p>', text: 'edited' }, 'edit:n1');
  assert.ok(edited.ok && !edited.queued);
  const now = s.cache.get('n1');
  assert.ok(now);
  await s.writes.update(now, { content: '<p>mine</p>', text: 'mine' }, 'edit:n1');
  assert.ok(s.journal.state.value.conflicts.n1, 'the conflict is recorded (in memory)');
  const both = await s.writes.resolve('n1', 'both');
  assert.ok(both?.ok, 'Keep both adds the learner’s text');
  assert.equal(s.journal.state.value.conflicts, {});
  const latest = s.cache.get('n1');
  assert.ok(latest);
  s.deletes.remove(latest);
  assert.ok(s.deletes.undo('n1'), 'Undo inside the window');
  s.deletes.remove(latest);
  await s.t.advance(UNDO_MS + 10);
  assert.equal(s.fake.callsTo('deleteNote').length, 1, 'one delete sent: the first was taken back');
  assert.equal(s.journal.state.value.outbox, [], 'nothing left queued');
  assert.equal(s.storage.log, [], 'nothing was written to storage');
});

test('refused: a save the API failed twice is retried from memory and saved once', async () => {
  const s = createWriteSide({
    refused: true,
    script: { addNote: answers<Note>(offline(), httpError(503), saved('srv-1', draft)) },
  });
  const first = await s.writes.add(draft, 'new:r1');
  assert.ok(first.ok && first.queued, 'queued: "Not saved yet — retrying"');
  await s.t.advance(60_000);
  assert.equal(
    s.fake.optionsTo('addNote').map((o) => o?.idempotencyKey),
    ['id-1', 'id-1', 'id-1'],
    'every try carries the same key',
  );
  assert.equal(s.visible(), ['srv-1']);
  assert.equal(s.cache.saving.value, new Set());
  assert.equal(s.journal.state.value.outbox, []);
});

test('refused: flush (unload) sends the add on its way again with keepalive and the same key', async () => {
  const inFlight = createDeferred<Note>();
  const s = createWriteSide({ refused: true, script: { addNote: answers<Note>(inFlight) } });
  void s.outbox.enqueue(addItem('a'));
  await flushPromises();
  s.outbox.flush();
  assert.equal(s.fake.optionsTo('addNote'), [
    { idempotencyKey: 'a', keepalive: false },
    { idempotencyKey: 'a', keepalive: true },
  ]);
  s.outbox.flush();
  assert.is(s.fake.optionsTo('addNote').length, 2, 'hidden, then pagehide: once is enough');
});

test('a refused Web Lock: the save goes out without it and settles; the lock and the ledger are not asked again', async () => {
  const lock = refusedLock();
  let ledgerAsked = 0;
  const ledger = {
    add: async () => {
      ledgerAsked += 1;
    },
    has: async () => {
      ledgerAsked += 1;
      return false;
    },
  };
  const s = createWriteSide({
    exclusive: lock,
    ledger,
    script: { addNote: answers<Note>(saved('srv-1'), saved('srv-2')) },
  });
  const first = await s.outbox.enqueue(addItem('a'));
  assert.equal(first, { kind: 'saved', note: saved('srv-1') });
  const second = await s.outbox.enqueue(addItem('b'));
  assert.equal(second, { kind: 'saved', note: saved('srv-2') });
  assert.is(lock.asked(), 1, 'asked once');
  assert.is(ledgerAsked, 0, 'the ledger is written only under the lock');
  assert.equal(s.journal.state.value.outbox, []);
});

test('a lock that fails after sending: the next save is still sent', async () => {
  let runs = 0;
  const exclusive: OutboxDeps['exclusive'] = async (send) => {
    runs += 1;
    await send();
    throw refusal();
  };
  const s = createWriteSide({
    exclusive,
    script: { addNote: answers<Note>(saved('srv-1'), saved('srv-2')) },
  });
  assert.equal(await s.outbox.enqueue(addItem('a')), { kind: 'saved', note: saved('srv-1') });
  await flushPromises();
  assert.equal(await s.outbox.enqueue(addItem('b')), { kind: 'saved', note: saved('srv-2') });
  assert.is(runs, 2);
});

test('a ledger whose database throws (IndexedDB refused): it answers at once, nothing waits on it', async () => {
  const clock = createFakeClock(NOW);
  const idb: LedgerDatabase = {
    open: () => {
      throw refusal();
    },
  };
  const ledger = createSentLedger(idb, L1, clock.now, clock);
  let answered: boolean | null = null;
  void ledger.has('a').then((v) => {
    answered = v;
  });
  let added = false;
  void ledger.add('a').then(() => {
    added = true;
  });
  await flushPromises();
  assert.is(answered, false);
  assert.ok(added);
  assert.is(clock.pending(), 0, 'no deadline timer left behind');
});

test.run();
