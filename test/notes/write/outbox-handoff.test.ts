/**
 * Two senders in two processes (docs/no-data-loss.md "Two frames"): each frame reads its own copy
 * of `localStorage`, brought up to date some time after the other frame wrote it. The lock hands
 * the sending over; the ledger tells the next sender what the last one settled before its journal
 * shows it, so nothing is sent twice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { CATCH_UP_MS, type OutboxDeps } from '../../../src/notes/write/outbox.ts';
import type { SentLedger } from '../../../src/notes/write/sent-ledger.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { createFakeClock } from '../../fakes/fake-clock.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import {
  addItem,
  answers,
  createRecordedStorage,
  createWriteSide,
  deleteItem,
  L1,
  NOW,
  updateItem,
} from '../../fakes/write-side.ts';

/** One lock for both frames: each send waits for the one before it to end. */
function sharedLock(): NonNullable<OutboxDeps['exclusive']> {
  let tail: Promise<void> = Promise.resolve();
  return (send) => {
    const run = tail.then(send);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** A ledger both frames see at once (IndexedDB's behaviour; sent-ledger.test.ts tests the real one). */
function sharedLedger(): SentLedger & { ids: Set<string> } {
  const ids = new Set<string>();
  return {
    ids,
    add: async (id) => void ids.add(id),
    has: async (id) => ids.has(id),
  };
}

const key = journalKey(L1);
const first = fakeNote({ noteId: 'srv-1', version: 1, text: 'queued offline' });

/**
 * Frames A and B, each over its own storage (its process's copy), both holding a journal with one
 * add and an edit of that add queued (as a write offline leaves them); `ledger` or none.
 */
function twoProcesses(ledger: SentLedger | undefined) {
  const clock = createFakeClock(NOW);
  const exclusive = sharedLock();
  const add = addItem('add-1', { text: 'queued offline' });
  const edit = updateItem('edit-1', fakeNote({ noteId: 'local-add-1', version: 0 }), 'then edited');
  const journal = JSON.stringify({ drafts: {}, outbox: [add, edit], conflicts: {} });
  const storageA = createRecordedStorage({ [key]: journal });
  const storageB = createRecordedStorage({ [key]: journal });
  const edited = { ...first, version: 2, text: 'then edited' };
  const a = createWriteSide({
    script: { addNote: answers<Note>(first), updateNote: answers<Note>(edited) },
    storage: storageA,
    clock,
    exclusive,
    ledger,
  });
  const b = createWriteSide({ script: {}, storage: storageB, clock, exclusive, ledger });
  /** A's write reaches B's process (the browser's storage update, late). */
  const propagate = () => {
    const now = storageA.items.get(key);
    if (now === undefined) storageB.items.delete(key);
    else storageB.items.set(key, now);
  };
  return { a, b, clock, propagate };
}

test('B takes the lock before A’s journal write reached it: B waits for it and sends nothing twice', async () => {
  const ledger = sharedLedger();
  const { a, b, clock, propagate } = twoProcesses(ledger);
  a.outbox.resume();
  b.outbox.resume(); // waits for A's lock, then reads its stale journal: both items still queued
  await clock.advance(0);
  assert.equal(
    a.fake.calls.map((c) => c.method),
    ['addNote', 'updateNote'],
  );
  assert.equal([...ledger.ids].sort(), ['add-1', 'edit-1']);
  await clock.advance(120); // B looks again every 50 ms
  assert.equal(b.fake.calls, [], 'B sent nothing while its journal lagged');
  propagate();
  await clock.advance(60);
  assert.equal(b.fake.calls, [], 'nor once it caught up');
  assert.equal(b.journal.state.value.outbox, [], 'B’s journal shows both settled');
  assert.is(b.stored().outbox.length, 0);
});

test('a journal that never catches up (A’s write refused): B takes the settled item out after CATCH_UP_MS, sends nothing', async () => {
  const ledger = sharedLedger();
  const { a, b, clock } = twoProcesses(ledger);
  a.outbox.resume();
  b.outbox.resume();
  await clock.advance(CATCH_UP_MS * 2 + 200);
  assert.equal(b.fake.calls, []);
  assert.equal(b.stored().outbox, [], 'both items out of B’s journal');
  assert.is(clock.pending(), 0, 'no timer left behind');
});

test('without the ledger (a browser without IndexedDB) B sends what A settled again: the gap it closes', async () => {
  const { a, b, clock } = twoProcesses(undefined);
  a.outbox.resume();
  b.outbox.resume();
  await clock.advance(0);
  await flushPromises();
  assert.is(a.fake.calls.length, 2);
  assert.ok(b.fake.calls.length >= 1, 'B sent the add again (a replay, same key)');
  assert.is(b.fake.optionsTo('addNote')[0]?.idempotencyKey, 'add-1');
});

test('an item the ledger doesn’t know is sent as usual, and recorded once settled', async () => {
  const ledger = sharedLedger();
  const { a, clock } = twoProcesses(ledger);
  a.outbox.resume();
  await clock.advance(0);
  assert.is(a.fake.calls.length, 2);
  assert.equal(a.stored().outbox, []);
  assert.ok(ledger.ids.has('add-1') && ledger.ids.has('edit-1'));
});

test('a delete taken back (Undo) while the ledger is asked about it is not sent', async () => {
  const asked = createDeferred<boolean>();
  const ledger: SentLedger = { add: async () => undefined, has: () => asked.promise };
  const clock = createFakeClock(NOW);
  const s = createWriteSide({ script: {}, clock, exclusive: sharedLock(), ledger });
  void s.outbox.enqueue(deleteItem('del-1', 'n1', 3));
  await flushPromises(); // the sender picked it and waits on the ledger
  assert.is(s.outbox.cancel('del-1'), true, 'not on its way yet: Undo takes it back');
  asked.resolve(false);
  await clock.advance(0);
  assert.equal(s.fake.calls, [], 'the delete never went');
  assert.equal(s.stored().outbox, []);
});

test.run();
