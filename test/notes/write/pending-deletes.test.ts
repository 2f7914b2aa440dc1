import { signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { createDeletes, type PendingDelete, UNDO_MS } from '../../../src/notes/write/pending-deletes.ts';
import type { DeleteResult } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import type { NotesApi } from '../../fakes/fake-notes-api.ts';
import { answers, createWriteSide, httpError, L1, NOW, offline } from '../../fakes/write-side.ts';

const n1 = fakeNote({ noteId: 'n1', version: 3 });
const n2 = fakeNote({ noteId: 'n2', version: 1 });
const gone = (noteId: string): DeleteResult => ({ noteId, deleted: true });

function setup(script: Partial<NotesApi> = {}) {
  const s = createWriteSide({ script });
  s.cache.merge([n1, n2]);
  const pendingIds = () => s.deletes.pending.value.map((p) => p.note.noteId);
  return { ...s, pendingIds };
}

test('remove hides the note, counts it out, offers Undo and queues the delete for after the window', () => {
  const s = setup();
  s.deletes.remove(n1);
  assert.equal(s.visible(), ['n2']);
  assert.equal(s.counts, [['n1', -1]]);
  assert.equal(s.pendingIds(), ['n1']);
  assert.equal(s.announced, ['Note deleted']);
  assert.equal(s.stored().outbox, [
    { id: 'id-1', kind: 'delete', noteId: 'n1', version: 3, after: NOW + UNDO_MS },
  ]);
  assert.equal(s.fake.calls, [], 'nothing sent inside the window');
});

test('a second press on a note already waiting changes nothing', () => {
  const s = setup();
  s.deletes.remove(n1);
  s.deletes.remove(n1);
  assert.is(s.stored().outbox.length, 1);
  assert.equal(s.pendingIds(), ['n1']);
  assert.is(s.counts.length, 1);
});

test('undo inside the window: the note is back, and no call is ever made', async () => {
  const s = setup();
  s.deletes.remove(n1);
  await s.t.advance(UNDO_MS - 1);
  assert.ok(s.deletes.undo('n1'));
  assert.equal(s.visible(), ['n1', 'n2']);
  assert.equal(s.counts, [
    ['n1', -1],
    ['n1', 1],
  ]);
  assert.equal(s.pendingIds(), []);
  assert.equal(s.announced, ['Note deleted', 'Note restored']);
  assert.not.ok(s.storage.items.has(journalKey(L1)), 'the queued delete is gone');
  await s.t.advance(10 * 60_000);
  assert.equal(s.fake.calls, []);
  assert.not.ok(s.deletes.undo('n1'), 'nothing left to undo');
  assert.is(s.t.pending(), 0);
});

test('after the window the delete is sent with the version seen; the note is gone for good', async () => {
  const s = setup({ deleteNote: answers<DeleteResult>(gone('n1')) });
  s.deletes.remove(n1);
  await s.t.advance(UNDO_MS - 1);
  assert.equal(s.fake.calls, []);
  await s.t.advance(1);
  assert.equal(s.fake.callsTo('deleteNote'), [['n1', 3, { keepalive: false }]]);
  assert.equal(s.pendingIds(), [], 'the Undo bar closed');
  assert.not.ok(s.deletes.undo('n1'), 'too late');
  assert.is(s.cache.get('n1'), undefined);
  s.cache.merge([n1]);
  assert.is(s.cache.get('n1'), undefined, 'a late list answer does not bring it back');
  assert.equal(s.stored().outbox, []);
});

test('undo while the delete is on its way: too late, the note stays hidden', async () => {
  const answer = createDeferred<DeleteResult>();
  const s = setup({ deleteNote: answers<DeleteResult>(answer) });
  s.deletes.remove(n1);
  await s.t.advance(UNDO_MS);
  assert.not.ok(s.deletes.undo('n1'));
  assert.equal(s.visible(), ['n2']);
  answer.resolve(gone('n1'));
  await flushPromises();
});

test('409 (changed elsewhere): the note comes back as it now is, counted, and it is said', async () => {
  const current = { ...n1, version: 4, text: 'changed' };
  const s = setup({ deleteNote: answers<DeleteResult>(httpError(409, current)) });
  s.deletes.remove(n1);
  await s.t.advance(UNDO_MS);
  assert.equal(s.visible(), ['n1', 'n2']);
  assert.is(s.cache.get('n1'), current);
  assert.equal(s.counts, [
    ['n1', -1],
    ['n1', 1],
  ]);
  assert.equal(s.announced, ['Note deleted', 'Not deleted: the note was changed elsewhere']);
  assert.equal(s.stored().outbox, []);
});

test('404 (deleted already): done', async () => {
  const s = setup({ deleteNote: answers<DeleteResult>(httpError(404)) });
  s.deletes.remove(n1);
  await s.t.advance(UNDO_MS);
  assert.is(s.cache.get('n1'), undefined);
  assert.equal(s.announced, ['Note deleted']);
});

test('a failed delete stays queued and is retried with the same version; the note stays hidden', async () => {
  const s = setup({ deleteNote: answers<DeleteResult>(offline(), gone('n1')) });
  s.deletes.remove(n1);
  await s.t.advance(UNDO_MS);
  assert.equal(s.visible(), ['n2']);
  assert.equal(
    s.stored().outbox.map((i) => i.id),
    ['id-1'],
  );
  await s.t.advance(60_000);
  assert.equal(
    s.fake.callsTo('deleteNote').map((a) => a.slice(0, 2)),
    [
      ['n1', 3],
      ['n1', 3],
    ],
  );
  assert.is(s.cache.get('n1'), undefined);
});

test('flush at unload sends a delete still inside its window with keepalive (kept for the next start)', () => {
  const s = setup({ deleteNote: answers<DeleteResult>(gone('n1')) });
  s.deletes.remove(n1);
  s.outbox.flush();
  assert.equal(s.fake.callsTo('deleteNote'), [['n1', 3, { keepalive: true }]]);
  assert.is(s.stored().outbox.length, 1);
});

test('two deletes: each has its own window; undoing one leaves the other', async () => {
  const s = setup({ deleteNote: answers<DeleteResult>(gone('n2')) });
  s.deletes.remove(n1);
  await s.t.advance(1000);
  s.deletes.remove(n2);
  assert.equal(s.pendingIds(), ['n1', 'n2'], 'oldest first');
  assert.ok(s.deletes.undo('n1'));
  assert.equal(s.pendingIds(), ['n2']);
  await s.t.advance(UNDO_MS);
  assert.equal(
    s.fake.callsTo('deleteNote').map((a) => a[0]),
    ['n2'],
  );
  assert.equal(s.visible(), ['n1']);
});

test('reset (another learner) closes every window; the deletes stay in this learner’s journal', async () => {
  const s = setup();
  s.deletes.remove(n1);
  s.deletes.remove(n2);
  s.outbox.stop(); // what the learner change does first
  s.deletes.reset();
  assert.equal(s.pendingIds(), []);
  assert.not.ok(s.deletes.undo('n1'));
  assert.is(s.t.pending(), 0, 'no window timer left');
  await s.t.advance(UNDO_MS * 2);
  assert.equal(s.fake.calls, []);
  assert.is(s.stored().outbox.length, 2);
});

test('the pending list is published in the signal the caller owns', () => {
  const s = createWriteSide();
  const pending = signal<readonly PendingDelete[]>([]);
  const deletes = createDeletes({
    outbox: s.outbox,
    cache: s.cache,
    announce: () => undefined,
    onCountChange: () => undefined,
    now: s.t.now,
    newId: () => 'x',
    setTimeout: s.t.setTimeout,
    clearTimeout: s.t.clearTimeout,
    pending,
  });
  deletes.remove(n1);
  assert.equal(pending.value, [{ note: n1 }]);
  assert.is(deletes.pending.value, pending.value);
});

test.run();
