import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../src/api/api-error.ts';
import type { Problem } from '../../../src/notes/read/describe-error.ts';
import type { KeptPage } from '../../../src/notes/read/kept-read.ts';
import { createNoteCache } from '../../../src/notes/read/note-cache.ts';
import type { ListFilter } from '../../../src/notes/read/note-filter.ts';
import { createNoteLists, type ListKeeping, type LoadedPage } from '../../../src/notes/read/note-lists.ts';
import type { Note, NoteOrder } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { fakeNote } from '../../fakes/fake-note.ts';

const OFFLINE: Problem = { kind: 'offline', retry: true, message: 'offline' };
const mk = (i: number, over: Partial<Note> = {}): Note =>
  fakeNote({
    noteId: `n${i}`,
    createdOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
    updatedOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
    text: `note ${i}`,
    ...over,
  });
const ids = (notes: readonly Note[]) => notes.map((n) => n.noteId);

/** Lists over a keeping that holds `copies` by list key and records what is saved. */
function setup(copies: Record<string, KeptPage> = {}) {
  const saved: { key: string; filter: ListFilter; order: NoteOrder; page: LoadedPage }[] = [];
  const keeping: ListKeeping = {
    read: (key) => copies[key] ?? null,
    save: (key, filter, order, page) => void saved.push({ key, filter, order, page }),
  };
  const cache = createNoteCache();
  const lists = createNoteLists(cache, () => OFFLINE, keeping);
  return { lists, saved, cache };
}
const KEY = `newest:${JSON.stringify(['r1', null, '', null])}`;
const COPY: KeptPage = { notes: [mk(1), mk(2)], total: 9, complete: false, at: 1_700_000_000_000 };

test('a first load shows the kept page at once, then the server’s page replaces it', async () => {
  const t = setup({ [KEY]: COPY });
  const answer = createDeferred<LoadedPage>();
  const view = t.lists.view({ refId: 'r1' }, 'newest');
  t.lists.ensure({ refId: 'r1' }, 'newest', () => answer.promise);
  assert.equal(ids(view.notes.value), ['n1', 'n2'], 'before any answer');
  assert.is(view.record.value.keptAt, COPY.at);
  assert.is(view.record.value.total, 9);
  assert.is(view.record.value.status, 'loading');
  answer.resolve({ notes: [mk(0), mk(1)], total: 10, nextCursor: 'c', complete: false });
  await flushPromises();
  assert.equal(ids(view.notes.value), ['n0', 'n1', 'n2'], 'nothing on screen vanishes: n2 stays');
  assert.is(view.record.value.keptAt, null);
  assert.equal(
    t.saved.map((s) => s.key),
    [KEY],
    'the server’s first page is kept',
  );
});

test('a kept whole list does not stay whole once the server has more', async () => {
  const t = setup({ [KEY]: { ...COPY, complete: true } });
  const answer = createDeferred<LoadedPage>();
  const view = t.lists.view({ refId: 'r1' }, 'newest');
  t.lists.ensure({ refId: 'r1' }, 'newest', () => answer.promise);
  assert.is(view.hasMore.value, false, 'nothing more to ask for while the first answer is on its way');
  answer.resolve({ notes: [mk(0), mk(1)], total: 60, nextCursor: 'c', complete: false });
  await flushPromises();
  assert.is(view.hasMore.value, true);
});

test('offline: the kept notes stay, the record says offline and when they are from', async () => {
  const t = setup({ [KEY]: COPY });
  const view = t.lists.view({ refId: 'r1' }, 'newest');
  t.lists.ensure({ refId: 'r1' }, 'newest', () => Promise.reject(new ApiError('network', 'Network error')));
  await flushPromises();
  assert.equal(ids(view.notes.value), ['n1', 'n2']);
  assert.is(view.record.value.status, 'error');
  assert.is(view.record.value.problem?.kind, 'offline');
  assert.is(view.record.value.keptAt, COPY.at);
  assert.equal(t.saved, []);
});

test('a kept note the server no longer has is dropped by the first answer', async () => {
  const t = setup({ [KEY]: { ...COPY, complete: true } });
  const view = t.lists.view({ refId: 'r1' }, 'newest');
  t.lists.ensure({ refId: 'r1' }, 'newest', async () => ({
    notes: [mk(1)],
    total: 1,
    nextCursor: null,
    complete: true,
  }));
  await flushPromises();
  assert.equal(ids(view.notes.value), ['n1']);
});

test('the copy is read only on a list’s first load, not on Retry or Show more', async () => {
  let reads = 0;
  const cache = createNoteCache();
  const lists = createNoteLists(cache, () => OFFLINE, {
    read: () => {
      reads += 1;
      return COPY;
    },
    save: () => undefined,
  });
  const fail = () => Promise.reject(new ApiError('network', 'Network error'));
  lists.ensure({ refId: 'r1' }, 'newest', fail);
  await flushPromises();
  await lists.reload({ refId: 'r1' }, 'newest', fail);
  assert.is(reads, 1);
});

test('offline then back: a note shown from the copy (an editor open on it) stays on screen', async () => {
  const t = setup({ [KEY]: { notes: [mk(1), mk(2), mk(3)], total: 3, complete: false, at: 1 } });
  const view = t.lists.view({ refId: 'r1' }, 'newest');
  t.lists.ensure({ refId: 'r1' }, 'newest', () => Promise.reject(new ApiError('network', 'Network error')));
  await flushPromises();
  await t.lists.reload({ refId: 'r1' }, 'newest', async () => ({
    notes: [mk(0), mk(1)],
    total: 4,
    nextCursor: 'c',
    complete: false,
  }));
  assert.equal(ids(view.notes.value), ['n0', 'n1', 'n2', 'n3']);
  assert.is(view.hasMore.value, true);
});

test.run();
