import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKept } from '../../../src/notes/read/kept.ts';
import { KEPT_KEY } from '../../../src/notes/read/kept-read.ts';
import { createKeyValueStore } from '../../../src/platform/key-value-store.ts';
import { flushPromises } from '../../fakes/deferred.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import { createMemoryStorage } from '../../fakes/memory-storage.ts';

function setup() {
  const storage = createMemoryStorage();
  const who = { learner: 'asha', now: 1_000 };
  const kept = createKept({
    store: createKeyValueStore(() => storage),
    learner: () => who.learner,
    now: () => who.now,
  });
  return { storage, who, kept };
}
const page = { notes: [fakeNote()], total: 1, nextCursor: null, complete: true };

/** Waits for the lazy writer (a dynamic import) to have written. */
const written = async (storage: { items: Map<string, string> }) => {
  for (let i = 0; i < 50 && !storage.items.has(KEPT_KEY); i++) await new Promise((r) => setTimeout(r, 5));
};

test('what the server answered is kept (the writer is lazy) and read back; searches are not kept', async () => {
  const t = setup();
  t.kept.lists.save('q', { query: 'cost' }, 'newest', page);
  t.kept.lists.save('all', {}, 'newest', page);
  await written(t.storage);
  await flushPromises();
  t.kept.forgetOthers(); // same learner: kept
  assert.ok(t.kept.lists.read('all'));
  assert.is(t.kept.lists.read('q'), null);
});

test('updatedAt: the copy’s time when shown from it, now when the server answers', async () => {
  const t = setup();
  t.kept.lists.save('all', {}, 'newest', page);
  await written(t.storage);
  assert.is(t.kept.updatedAt.value, 1_000);
  const other = createKept({
    store: createKeyValueStore(() => t.storage),
    learner: () => 'asha',
    now: () => 9_000,
  });
  assert.is(other.updatedAt.value, null);
  other.lists.read('all');
  assert.is(other.updatedAt.value, 1_000);
  other.lists.save('q', { query: 'x' }, 'newest', page);
  assert.is(other.updatedAt.value, 9_000, 'a search answer also means the server was reached');
});

test('another learner signs in: the previous learner’s copy is deleted at once', async () => {
  const t = setup();
  t.kept.lists.save('all', {}, 'newest', page);
  await written(t.storage);
  t.who.learner = 'lukas';
  t.kept.forgetOthers();
  assert.is(t.storage.items.has(KEPT_KEY), false);
  assert.is(t.kept.lists.read('all'), null);
  assert.is(t.kept.updatedAt.value, null);
});

test('a write confirmed for the learner who made it folds into their copy', async () => {
  const t = setup();
  t.kept.lists.save('all', {}, 'newest', page);
  await written(t.storage);
  t.kept.confirmed('asha', 'n1', null);
  for (let i = 0; i < 50 && t.storage.items.get(KEPT_KEY)?.includes('"n1"'); i++)
    await new Promise((r) => setTimeout(r, 5));
  t.kept.forgetOthers();
  assert.equal(t.kept.lists.read('all')?.notes, []);
});

test.run();
