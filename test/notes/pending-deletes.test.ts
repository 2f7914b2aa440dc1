import { signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import type { NotesApi } from '../../src/api/notes-api.ts';
import { deletesKey } from '../../src/notes/delete-queue.ts';
import { createNoteCache } from '../../src/notes/note-cache.ts';
import { createDeletes, type PendingDelete, UNDO_MS } from '../../src/notes/pending-deletes.ts';
import { createKeyValueStore } from '../../src/platform/key-value-store.ts';
import type { DeleteResult } from '../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../fakes/deferred.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { createFakeNotesApi } from '../fakes/fake-notes-api.ts';
import { createMemoryStorage } from '../fakes/memory-storage.ts';

const L1 = 'Infosys\u0000Infosys Ltd\u0000w-1';
const L2 = 'Infosys\u0000Infosys Ltd\u0000w-2';
const ok = (noteId: string): Promise<DeleteResult> => Promise.resolve({ noteId, deleted: true });
const deleted = (noteId: string) => ok(noteId);

function setup(script: Partial<NotesApi> = {}, storage = createMemoryStorage()) {
  const fake = createFakeNotesApi(script);
  const cache = createNoteCache();
  const store = createKeyValueStore(() => storage);
  const clock = createFakeClock();
  const announced: string[] = [];
  const counts: [string, 1 | -1][] = [];
  let learner = L1;
  const deletes = createDeletes({
    api: fake.api,
    cache,
    store,
    learner: () => learner,
    announce: (key) => announced.push(key),
    onCountChange: (note, delta) => counts.push([note.noteId, delta]),
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  const queued = (who = L1): unknown => JSON.parse(storage.items.get(deletesKey(who)) ?? 'null');
  const visible = () => cache.visible.value.map((n) => n.noteId).sort();
  return {
    fake,
    cache,
    clock,
    storage,
    deletes,
    announced,
    counts,
    queued,
    visible,
    setLearner: (who: string) => {
      learner = who;
    },
  };
}

const n1 = fakeNote({ noteId: 'n1', version: 3 });
const n2 = fakeNote({ noteId: 'n2', version: 1 });

test('UNDO_MS is about six seconds', () => {
  assert.is(UNDO_MS, 6000);
});

test('remove hides the note at once, queues it for this learner, offers Undo, sends nothing yet', () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1, n2]);
  s.deletes.remove(n1);
  assert.equal(s.visible(), ['n2']);
  assert.ok(s.cache.get('n1'), 'kept for an Undo');
  assert.equal(s.counts, [['n1', -1]]);
  assert.equal(s.announced, ['Note deleted']);
  assert.equal(s.queued(), [{ noteId: 'n1', version: 3 }]);
  assert.equal(
    s.deletes.pending.value.map((p) => p.note),
    [n1],
  );
  assert.equal(s.fake.calls, []);
});

test('the delete is sent once the window has passed, with the note’s version', async () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  s.clock.tick(UNDO_MS - 1);
  assert.equal(s.fake.calls, []);
  s.clock.tick(1);
  assert.equal(s.fake.callsTo('deleteNote'), [['n1', 3]]);
  assert.equal(s.deletes.pending.value, [], 'Undo is no longer offered');
  await flushPromises();
  assert.is(s.cache.get('n1'), undefined);
  assert.is(s.queued(), null, 'the stored queue is emptied');
  assert.is(s.clock.pending(), 0);
  assert.equal(s.announced, ['Note deleted']);
});

test('undo within the window restores the note and sends nothing', () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1, n2]);
  s.deletes.remove(n1);
  s.clock.tick(UNDO_MS - 1);
  assert.ok(s.deletes.undo('n1'));
  assert.equal(s.visible(), ['n1', 'n2']);
  assert.equal(s.counts, [
    ['n1', -1],
    ['n1', 1],
  ]);
  assert.equal(s.announced, ['Note deleted', 'Note restored']);
  assert.equal(s.deletes.pending.value, []);
  assert.is(s.queued(), null);
  s.clock.tick(UNDO_MS * 2);
  assert.equal(s.fake.calls, []);
  assert.is(s.clock.pending(), 0);
});

test('undo too late (or of something never deleted) says false and changes nothing', async () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1]);
  assert.not.ok(s.deletes.undo('n1'));
  s.deletes.remove(n1);
  s.clock.tick(UNDO_MS);
  assert.not.ok(s.deletes.undo('n1'));
  await flushPromises();
  assert.equal(s.announced, ['Note deleted']);
  assert.is(s.cache.get('n1'), undefined);
});

test('undo of one delete leaves the others pending', () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1, n2]);
  s.deletes.remove(n1);
  s.deletes.remove(n2);
  assert.equal(
    s.deletes.pending.value.map((p) => p.note.noteId),
    ['n1', 'n2'],
    'oldest first',
  );
  s.deletes.undo('n2');
  assert.equal(s.queued(), [{ noteId: 'n1', version: 3 }]);
  s.clock.tick(UNDO_MS);
  assert.equal(s.fake.callsTo('deleteNote'), [['n1', 3]]);
});

test('a 404 counts as deleted', async () => {
  const s = setup({ deleteNote: () => Promise.reject(new ApiError('http', 'gone', 404, { error: 'gone' })) });
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  s.clock.tick(UNDO_MS);
  await flushPromises();
  assert.is(s.cache.get('n1'), undefined);
  assert.equal(s.announced, ['Note deleted']);
  assert.equal(s.counts, [['n1', -1]]);
  assert.is(s.queued(), null);
});

test('a failed delete brings the note back and says so', async () => {
  const s = setup({ deleteNote: () => Promise.reject(new ApiError('http', 'x', 500)) });
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  s.clock.tick(UNDO_MS);
  await flushPromises();
  assert.equal(s.visible(), ['n1']);
  assert.equal(s.counts, [
    ['n1', -1],
    ['n1', 1],
  ]);
  assert.equal(s.announced, ['Note deleted', 'Could not delete the note']);
  assert.is(s.queued(), null, 'not sent again at the next start');
});

test('a 409 puts the server’s version back and says the note was changed elsewhere', async () => {
  const current = { ...n1, version: 4, text: 'edited elsewhere' };
  const s = setup({
    deleteNote: () => Promise.reject(new ApiError('http', 'stale', 409, { error: 'stale', current })),
  });
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  s.clock.tick(UNDO_MS);
  await flushPromises();
  assert.equal(s.visible(), ['n1']);
  assert.is(s.cache.get('n1'), current);
  assert.equal(s.announced, ['Note deleted', 'Not deleted: the note was changed elsewhere']);
});

test('flush sends every pending delete now, with keepalive, and keeps the stored queue', async () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1, n2]);
  s.deletes.remove(n1);
  s.deletes.remove(n2);
  s.deletes.flush();
  assert.equal(s.fake.callsTo('deleteNote'), [
    ['n1', 3, { keepalive: true }],
    ['n2', 1, { keepalive: true }],
  ]);
  assert.equal(s.deletes.pending.value, []);
  assert.is(s.clock.pending(), 0, 'the timers are stopped');
  assert.equal(s.queued(), [
    { noteId: 'n1', version: 3 },
    { noteId: 'n2', version: 1 },
  ]);
  s.clock.tick(UNDO_MS);
  await flushPromises();
  assert.is(s.fake.callsTo('deleteNote').length, 2, 'not sent twice');
});

test('flush with nothing pending sends nothing; a failing flush throws nothing', async () => {
  const s = setup({ deleteNote: () => Promise.reject(new ApiError('network', 'Network error')) });
  s.deletes.flush();
  assert.equal(s.fake.calls, []);
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  assert.not.throws(() => s.deletes.flush());
  await flushPromises();
  assert.equal(s.queued(), [{ noteId: 'n1', version: 3 }], 'still queued for the next start');
});

test('replay sends this learner’s queue only, keeps failures, treats 404 as done', async () => {
  const storage = createMemoryStorage({
    [deletesKey(L1)]: JSON.stringify([
      { noteId: 'a', version: 1 },
      { noteId: 'b', version: 2 },
      { noteId: 'c', version: 3 },
    ]),
    [deletesKey(L2)]: JSON.stringify([{ noteId: 'x', version: 9 }]),
  });
  const answers: Record<string, () => Promise<DeleteResult>> = {
    a: () => ok('a'),
    b: () => Promise.reject(new ApiError('http', 'gone', 404)),
    c: () => Promise.reject(new ApiError('network', 'Network error')),
  };
  const s = setup({ deleteNote: (id) => answers[id]?.() ?? Promise.reject(new Error(`not ${id}`)) }, storage);
  s.cache.merge([fakeNote({ noteId: 'a' }), fakeNote({ noteId: 'b' }), fakeNote({ noteId: 'c' })]);
  await s.deletes.replay();
  assert.equal(s.fake.callsTo('deleteNote'), [
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);
  assert.equal(s.queued(L1), [{ noteId: 'c', version: 3 }]);
  assert.equal(s.queued(L2), [{ noteId: 'x', version: 9 }], 'another learner’s queue is never touched');
  assert.equal(s.visible(), ['c'], 'a failure shows the note again');
  assert.equal(s.announced, []);
});

test('replay of another learner sends only theirs', async () => {
  const storage = createMemoryStorage({
    [deletesKey(L1)]: JSON.stringify([{ noteId: 'a', version: 1 }]),
    [deletesKey(L2)]: JSON.stringify([{ noteId: 'x', version: 9 }]),
  });
  const s = setup({ deleteNote: deleted }, storage);
  s.setLearner(L2);
  await s.deletes.replay();
  assert.equal(s.fake.callsTo('deleteNote'), [['x', 9]]);
  assert.is(s.queued(L2), null);
  assert.equal(s.queued(L1), [{ noteId: 'a', version: 1 }]);
});

test('replay hides each queued note while its delete is on the way', async () => {
  const storage = createMemoryStorage({ [deletesKey(L1)]: JSON.stringify([{ noteId: 'n1', version: 3 }]) });
  const answer = createDeferred<DeleteResult>();
  const s = setup({ deleteNote: () => answer.promise }, storage);
  s.cache.merge([n1, n2]);
  const done = s.deletes.replay();
  assert.equal(s.visible(), ['n2']);
  answer.resolve({ noteId: 'n1', deleted: true });
  await done;
  assert.is(s.cache.get('n1'), undefined);
  assert.is(s.queued(), null);
});

test('replay 409: the server’s version comes back and the delete is dropped', async () => {
  const current = fakeNote({ noteId: 'n1', version: 5, text: 'theirs' });
  const storage = createMemoryStorage({ [deletesKey(L1)]: JSON.stringify([{ noteId: 'n1', version: 3 }]) });
  const s = setup(
    { deleteNote: () => Promise.reject(new ApiError('http', 'stale', 409, { error: 'stale', current })) },
    storage,
  );
  await s.deletes.replay();
  assert.is(s.cache.get('n1'), current);
  assert.equal(s.visible(), ['n1']);
  assert.is(s.queued(), null);
});

test('replay leaves a delete still inside its Undo window to its timer', async () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  await s.deletes.replay();
  assert.equal(s.fake.calls, []);
  assert.ok(s.deletes.undo('n1'), 'Undo still works');
});

test('replay with a corrupt or foreign stored value sends nothing and does not throw', async () => {
  for (const value of [
    '{not json',
    '{"noteId":"a"}',
    '[1,null,{"noteId":2,"version":1},{"noteId":"a"}]',
    '"x"',
  ]) {
    const storage = createMemoryStorage({ [deletesKey(L1)]: value });
    const s = setup({ deleteNote: deleted }, storage);
    await s.deletes.replay();
    assert.equal(s.fake.calls, [], value);
  }
});

test('reset stops the timers without sending; the queue stays stored for that learner', async () => {
  const s = setup({ deleteNote: deleted });
  s.cache.merge([n1]);
  s.deletes.remove(n1);
  s.deletes.reset();
  assert.equal(s.deletes.pending.value, []);
  assert.is(s.clock.pending(), 0);
  s.clock.tick(UNDO_MS * 2);
  await flushPromises();
  assert.equal(s.fake.calls, []);
  assert.equal(s.queued(), [{ noteId: 'n1', version: 3 }]);
});

test('each learner’s deletes are queued under their own key', () => {
  const s = setup({ deleteNote: deleted });
  s.deletes.remove(n1);
  s.deletes.reset();
  s.setLearner(L2);
  s.deletes.remove(n2);
  assert.equal(s.queued(L1), [{ noteId: 'n1', version: 3 }]);
  assert.equal(s.queued(L2), [{ noteId: 'n2', version: 1 }]);
});

test('storage that refuses writes still deletes (in memory) within the session', async () => {
  const storage = createMemoryStorage();
  storage.failSet = new DOMException('full', 'QuotaExceededError');
  const s = setup({ deleteNote: deleted }, storage);
  s.cache.merge([n1]);
  assert.not.throws(() => s.deletes.remove(n1));
  s.clock.tick(UNDO_MS);
  await flushPromises();
  assert.equal(s.fake.callsTo('deleteNote'), [['n1', 3]]);
  assert.is(s.cache.get('n1'), undefined);
});

test('a pending signal owned by the caller is the one published', () => {
  const pending = signal<readonly PendingDelete[]>([]);
  const clock = createFakeClock();
  const deletes = createDeletes({
    api: createFakeNotesApi().api,
    cache: createNoteCache(),
    store: createKeyValueStore(() => null),
    learner: () => L1,
    announce: () => undefined,
    onCountChange: () => undefined,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    pending,
  });
  deletes.remove(n1);
  assert.equal(
    pending.value.map((p) => p.note),
    [n1],
  );
  assert.is(deletes.pending.value, pending.value);
});

test.run();
