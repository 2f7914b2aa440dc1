import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../src/api/api-error.ts';
import type { Problem } from '../../../src/notes/read/describe-error.ts';
import { createNoteCache } from '../../../src/notes/read/note-cache.ts';
import type { ListFilter } from '../../../src/notes/read/note-filter.ts';
import { createNoteLists, type LoadedPage, type PageLoader } from '../../../src/notes/read/note-lists.ts';
import type { Note, NoteOrder } from '../../../src/protocol/api-types.ts';
import { createDeferred, type Deferred, flushPromises } from '../../fakes/deferred.ts';
import { fakeNote } from '../../fakes/fake-note.ts';

const PROBLEM: Problem = { kind: 'server', retry: true, message: 'described' };

/** Note `i` of a catalogue: n00 is the newest, each next one a minute older. */
const mk = (i: number, over: Partial<Note> = {}): Note =>
  fakeNote({
    noteId: `n${String(i).padStart(2, '0')}`,
    createdOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
    updatedOn: new Date(Date.UTC(2024, 0, 1) - i * 60_000).toISOString(),
    text: `note ${i}`,
    ...over,
  });
const range = (from: number, to: number, over: Partial<Note> = {}) =>
  Array.from({ length: to - from }, (_, k) => mk(from + k, over));
const ids = (notes: readonly Note[]) => notes.map((n) => n.noteId);

/** A page as a loader answers it; `complete` when there is no next cursor. */
const page = (notes: Note[], nextCursor: string | null, total: number | null = null): LoadedPage => ({
  notes,
  total,
  nextCursor,
  complete: nextCursor === null,
});

type LoaderCall = { cursor: string | null; signal: AbortSignal; answer: Deferred<LoadedPage> };

/** A loader whose every call waits for the test to answer it. */
function scriptedLoader() {
  const calls: LoaderCall[] = [];
  const loader: PageLoader = (cursor, signal) => {
    const answer = createDeferred<LoadedPage>();
    calls.push({ cursor, signal, answer });
    return answer.promise;
  };
  const call = (i: number): LoaderCall => {
    const c = calls[i];
    if (!c) throw new Error(`loader call ${i} never happened (${calls.length} calls)`);
    return c;
  };
  return { loader, calls, call };
}

function setup() {
  const cache = createNoteCache();
  const described: unknown[] = [];
  const lists = createNoteLists(cache, (error) => {
    described.push(error);
    return PROBLEM;
  });
  return { cache, lists, described };
}

/** Loads the first page of (filter, order) with `answer`, and waits for it. */
async function loadFirst(
  s: ReturnType<typeof setup>,
  filter: ListFilter,
  order: NoteOrder,
  answer: LoadedPage,
): Promise<void> {
  const l = scriptedLoader();
  s.lists.ensure(filter, order, l.loader);
  l.call(0).answer.resolve(answer);
  await flushPromises();
}

test('a list starts idle, empty, with more to load', () => {
  const s = setup();
  const v = s.lists.view({}, 'newest');
  assert.equal(v.notes.value, []);
  assert.is(v.record.value.status, 'idle');
  assert.is(v.record.value.problem, null);
  assert.is(v.record.value.total, null);
  assert.ok(v.hasMore.value);
});

test('ensure loads the first page: loading, then ready with the notes in order', async () => {
  const s = setup();
  const l = scriptedLoader();
  const v = s.lists.view({}, 'newest');
  s.lists.ensure({}, 'newest', l.loader);
  assert.is(l.calls.length, 1);
  assert.is(l.call(0).cursor, null);
  assert.is(v.record.value.status, 'loading');
  l.call(0).answer.resolve(page([mk(2), mk(0), mk(1)], 'c3', 10));
  await flushPromises();
  assert.is(v.record.value.status, 'ready');
  assert.equal(ids(v.notes.value), ['n00', 'n01', 'n02']);
  assert.is(v.record.value.total, 10);
  assert.is(v.record.value.cursor, 'c3');
  assert.ok(v.hasMore.value);
});

test('the same notes in each order sort as the order says', async () => {
  const s = setup();
  const notes = [mk(1, { updatedOn: '2030-01-01T00:00:00.000Z' }), mk(0), mk(2)];
  await loadFirst(s, {}, 'oldest', page(notes, null));
  await loadFirst(s, {}, 'updated', page(notes, null));
  assert.equal(ids(s.lists.view({}, 'oldest').notes.value), ['n02', 'n01', 'n00']);
  assert.equal(ids(s.lists.view({}, 'updated').notes.value), ['n01', 'n00', 'n02']);
});

test('paging: loadMore asks for the cursor, and the list grows; no cursor → complete', async () => {
  const s = setup();
  const l = scriptedLoader();
  const v = s.lists.view({}, 'newest');
  s.lists.ensure({}, 'newest', l.loader);
  l.call(0).answer.resolve(page(range(0, 3), 'c3', 5));
  await flushPromises();
  void s.lists.loadMore({}, 'newest', l.loader);
  assert.is(l.call(1).cursor, 'c3');
  assert.ok(v.record.value.loadingMore);
  assert.is(v.record.value.status, 'ready', 'the list stays usable while a page loads');
  assert.equal(ids(v.notes.value), ['n00', 'n01', 'n02']);
  l.call(1).answer.resolve(page(range(3, 5), null, 5));
  await flushPromises();
  assert.equal(ids(v.notes.value), ['n00', 'n01', 'n02', 'n03', 'n04']);
  assert.not.ok(v.record.value.loadingMore);
  assert.is(v.record.value.frontier.kind, 'complete');
  assert.not.ok(v.hasMore.value);
  await s.lists.loadMore({}, 'newest', l.loader);
  assert.is(l.calls.length, 2, 'nothing more to fetch');
});

test('loadMore while a page is on its way sends nothing more', async () => {
  const s = setup();
  const l = scriptedLoader();
  await loadFirst(s, {}, 'newest', page(range(0, 2), 'c2'));
  void s.lists.loadMore({}, 'newest', l.loader);
  void s.lists.loadMore({}, 'newest', l.loader);
  assert.is(l.calls.length, 1);
});

test('loadMore on a list never loaded starts at the first page', async () => {
  const s = setup();
  const l = scriptedLoader();
  void s.lists.loadMore({}, 'newest', l.loader);
  assert.is(l.calls.length, 1);
  assert.is(l.call(0).cursor, null);
  assert.is(s.lists.view({}, 'newest').record.value.status, 'loading');
});

test('an empty last page completes the list', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([], null, 0));
  const v = s.lists.view({}, 'newest');
  assert.equal(v.notes.value, []);
  assert.is(v.record.value.frontier.kind, 'complete');
  assert.not.ok(v.hasMore.value);
  assert.is(v.record.value.total, 0);
});

test('a list never shows a cached note beyond its frontier (no gaps in the order)', async () => {
  const s = setup();
  // a resource list brought an old note into the cache
  await loadFirst(s, { refId: 'r9' }, 'newest', page([mk(30, { refId: 'r9' })], null));
  await loadFirst(s, {}, 'newest', page(range(0, 3), 'c3'));
  const all = s.lists.view({}, 'newest');
  assert.equal(ids(all.notes.value), ['n00', 'n01', 'n02'], 'n30 lies beyond page 1: not shown yet');
  assert.equal(ids(s.lists.view({ refId: 'r9' }, 'newest').notes.value), ['n30']);
});

test('a cached note within the frontier shows even if another list loaded it', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0), mk(5)], 'c5'));
  s.cache.merge([mk(3)]); // say, an edit or another list's page
  assert.equal(ids(s.lists.view({}, 'newest').notes.value), ['n00', 'n03', 'n05']);
});

test('a search is answered at once from the notes a covering list loaded', async () => {
  const s = setup();
  const notes = [mk(0, { text: 'photo of a cell' }), mk(1, { text: 'nothing' }), mk(2, { text: 'Phoenix' })];
  await loadFirst(s, {}, 'newest', page(notes, 'c3'));
  const search = s.lists.view({ query: 'pho' }, 'newest');
  assert.equal(ids(search.notes.value), ['n00', 'n02'], 'no request was needed');
  assert.is(search.record.value.status, 'idle');
  assert.ok(search.hasMore.value, 'the catalogue is not complete: the server may know more');
  const narrower = s.lists.view({ query: 'photo' }, 'newest');
  assert.equal(ids(narrower.notes.value), ['n00']);
});

test('a complete covering list answers a search completely', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0, { text: 'photo' }), mk(1)], null));
  const search = s.lists.view({ query: 'PHOTO' }, 'newest');
  assert.equal(ids(search.notes.value), ['n00']);
  assert.not.ok(search.hasMore.value, 'every note is loaded: nothing to ask the server');
});

test('a search asks the server for what is not loaded yet, and shows it', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0, { text: 'photo' }), mk(1)], 'c2'));
  const l = scriptedLoader();
  const search = s.lists.view({ query: 'photo' }, 'newest');
  s.lists.ensure({ query: 'photo' }, 'newest', l.loader);
  assert.equal(ids(search.notes.value), ['n00'], 'the loaded match shows while the server is asked');
  l.call(0).answer.resolve(page([mk(0, { text: 'photo' }), mk(40, { text: 'old photo' })], null, 2));
  await flushPromises();
  assert.equal(ids(search.notes.value), ['n00', 'n40']);
  assert.not.ok(search.hasMore.value);
  assert.equal(
    ids(s.lists.view({}, 'newest').notes.value),
    ['n00', 'n01'],
    'the search result does not fill the catalogue list',
  );
  assert.equal(ids(s.lists.view({ query: 'old photo' }, 'newest').notes.value), ['n40']);
});

test('frontiers are shared only within one order', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page(range(0, 3, { text: 'photo' }), null));
  assert.equal(ids(s.lists.view({ query: 'photo' }, 'newest').notes.value), ['n00', 'n01', 'n02']);
  assert.equal(s.lists.view({ query: 'photo' }, 'oldest').notes.value, []);
  assert.equal(s.lists.view({}, 'updated').notes.value, []);
});

test('a course filter is covered by the whole catalogue, not the other way round', async () => {
  const s = setup();
  const notes = [mk(0, { courseId: 'c1' }), mk(1, { courseId: 'c2' }), mk(2, { courseId: 'c1' })];
  await loadFirst(s, {}, 'newest', page(notes, null));
  assert.equal(ids(s.lists.view({ courseId: 'c1' }, 'newest').notes.value), ['n00', 'n02']);
  const t = setup();
  await loadFirst(t, { courseId: 'c1' }, 'newest', page([notes[0]!, notes[2]!], null));
  t.cache.merge([notes[1]!]);
  assert.equal(t.lists.view({}, 'newest').notes.value, [], 'a course list says nothing about the rest');
});

test('hidden notes are left out of every list; a cache edit shows in every list', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0, { courseId: 'c1' }), mk(1, { courseId: 'c1' })], null));
  const all = s.lists.view({}, 'newest');
  const course = s.lists.view({ courseId: 'c1' }, 'newest');
  s.cache.setHidden('n00', true);
  assert.equal(ids(all.notes.value), ['n01']);
  assert.equal(ids(course.notes.value), ['n01']);
  s.cache.put({ ...mk(1, { courseId: 'c1' }), text: 'edited', version: 2 });
  assert.is(all.notes.value[0]?.text, 'edited');
  assert.is(course.notes.value[0]?.text, 'edited');
});

test('limit caps what a list shows', async () => {
  const s = setup();
  await loadFirst(s, { source: 'recent' }, 'newest', page(range(0, 25), null));
  assert.equal(ids(s.lists.view({ source: 'recent' }, 'newest', 20).notes.value), ids(range(0, 20)));
  assert.is(s.lists.view({ source: 'recent' }, 'newest').notes.value.length, 25);
});

test('ensure loads only when idle or stale', async () => {
  const s = setup();
  const l = scriptedLoader();
  s.lists.ensure({}, 'newest', l.loader);
  s.lists.ensure({}, 'newest', l.loader);
  assert.is(l.calls.length, 1, 'not again while loading');
  l.call(0).answer.resolve(page([mk(0)], 'c1'));
  await flushPromises();
  s.lists.ensure({}, 'newest', l.loader);
  assert.is(l.calls.length, 1, 'not again when ready and fresh');
  s.lists.invalidate(false);
  assert.equal(ids(s.lists.view({}, 'newest').notes.value), ['n00'], 'invalidate keeps what is shown');
  s.lists.ensure({}, 'newest', l.loader);
  assert.is(l.calls.length, 2, 'stale: loads again');
  assert.is(l.call(1).cursor, null);
  s.lists.ensure({}, 'newest', l.loader);
  assert.is(l.calls.length, 2, 'once');
});

test('an error sets the described problem; the notes loaded stay; ensure does not retry; reload does', async () => {
  const s = setup();
  const l = scriptedLoader();
  await loadFirst(s, {}, 'newest', page([mk(0)], 'c1'));
  const v = s.lists.view({}, 'newest');
  void s.lists.loadMore({}, 'newest', l.loader);
  const boom = new ApiError('http', 'x', 500);
  l.call(0).answer.reject(boom);
  await flushPromises();
  assert.is(v.record.value.status, 'error');
  assert.equal(v.record.value.problem, PROBLEM);
  assert.not.ok(v.record.value.loadingMore);
  assert.equal(s.described, [boom]);
  assert.equal(ids(v.notes.value), ['n00']);
  s.lists.ensure({}, 'newest', l.loader);
  assert.is(l.calls.length, 1, 'Retry is the learner’s choice');
  void s.lists.reload({}, 'newest', l.loader);
  assert.is(v.record.value.status, 'loading');
  assert.is(v.record.value.problem, null, 'a new attempt clears the problem');
  l.call(1).answer.resolve(page([mk(0), mk(1)], null));
  await flushPromises();
  assert.is(v.record.value.status, 'ready');
  assert.equal(ids(v.notes.value), ['n00', 'n01']);
});

test('a first load failing leaves an error with no notes', async () => {
  const s = setup();
  const l = scriptedLoader();
  s.lists.ensure({}, 'newest', l.loader);
  l.call(0).answer.reject(new ApiError('network', 'Network error'));
  await flushPromises();
  const v = s.lists.view({}, 'newest');
  assert.is(v.record.value.status, 'error');
  assert.equal(v.record.value.problem, PROBLEM);
  assert.equal(v.notes.value, []);
});

test('cancel aborts the signal the loader got, goes back to idle, and ignores the late answer', async () => {
  const s = setup();
  const l = scriptedLoader();
  const v = s.lists.view({ query: 'x' }, 'newest');
  s.lists.ensure({ query: 'x' }, 'newest', l.loader);
  assert.not.ok(l.call(0).signal.aborted);
  s.lists.cancel({ query: 'x' }, 'newest');
  assert.ok(l.call(0).signal.aborted);
  assert.is(v.record.value.status, 'idle');
  l.call(0).answer.resolve(page([mk(0, { text: 'x' })], null));
  await flushPromises();
  assert.equal(v.notes.value, []);
  assert.is(s.cache.get('n00'), undefined, 'the late answer is not even cached');
  assert.is(v.record.value.status, 'idle');
  s.lists.ensure({ query: 'x' }, 'newest', l.loader);
  assert.is(l.calls.length, 2, 'a cancelled list loads again when shown again');
});

test('cancel of a list with nothing in flight changes nothing', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0)], 'c1'));
  const before = s.lists.view({}, 'newest').record.value;
  s.lists.cancel({}, 'newest');
  s.lists.cancel({ query: 'never' }, 'newest');
  assert.is(s.lists.view({}, 'newest').record.value, before);
});

test('cancel of a page load keeps the list ready with its cursor', async () => {
  const s = setup();
  const l = scriptedLoader();
  await loadFirst(s, {}, 'newest', page([mk(0)], 'c1'));
  void s.lists.loadMore({}, 'newest', l.loader);
  s.lists.cancel({}, 'newest');
  const rec = s.lists.view({}, 'newest').record.value;
  assert.ok(l.call(0).signal.aborted);
  assert.is(rec.status, 'ready');
  assert.not.ok(rec.loadingMore);
  assert.is(rec.cursor, 'c1');
  void s.lists.loadMore({}, 'newest', l.loader);
  assert.is(l.call(1).cursor, 'c1');
});

test('a superseded load is aborted and its late answer ignored; the newer one wins', async () => {
  const s = setup();
  const l = scriptedLoader();
  const v = s.lists.view({}, 'newest');
  void s.lists.reload({}, 'newest', l.loader);
  void s.lists.reload({}, 'newest', l.loader);
  assert.ok(l.call(0).signal.aborted);
  assert.not.ok(l.call(1).signal.aborted);
  l.call(1).answer.resolve(page([mk(1)], 'new-cursor', 7));
  await flushPromises();
  l.call(0).answer.resolve(page([mk(0)], null, 99));
  await flushPromises();
  assert.equal(ids(v.notes.value), ['n01']);
  assert.is(v.record.value.total, 7);
  assert.is(v.record.value.cursor, 'new-cursor');
  assert.is(s.cache.get('n00'), undefined);
});

test('a superseded load failing late leaves no problem behind', async () => {
  const s = setup();
  const l = scriptedLoader();
  void s.lists.reload({}, 'newest', l.loader);
  void s.lists.reload({}, 'newest', l.loader);
  l.call(1).answer.resolve(page([mk(0)], null));
  await flushPromises();
  l.call(0).answer.reject(new ApiError('http', 'x', 500));
  await flushPromises();
  const rec = s.lists.view({}, 'newest').record.value;
  assert.is(rec.status, 'ready');
  assert.is(rec.problem, null);
  assert.equal(s.described, []);
});

test('an aborted rejection is not a problem to show', async () => {
  const s = setup();
  const loader: PageLoader = () => Promise.reject(new ApiError('aborted', 'Request cancelled'));
  await s.lists.reload({}, 'newest', loader);
  const rec = s.lists.view({}, 'newest').record.value;
  assert.is.not(rec.status, 'error');
  assert.is(rec.problem, null);
  assert.equal(s.described, []);
});

test('invalidate(true) forgets every list and ignores answers in flight', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0)], null, 1));
  const l = scriptedLoader();
  s.lists.ensure({ courseId: 'c1' }, 'oldest', l.loader);
  s.cache.clear(); // what the model does alongside
  s.lists.invalidate(true);
  assert.ok(l.call(0).signal.aborted);
  const all = s.lists.view({}, 'newest');
  assert.is(all.record.value.status, 'idle');
  assert.is(all.record.value.total, null);
  assert.is(all.record.value.frontier.kind, 'none');
  l.call(0).answer.resolve(page([mk(5, { courseId: 'c1' })], null, 1));
  await flushPromises();
  assert.is(s.cache.get('n05'), undefined, 'the old learner’s answer never lands');
  assert.is(s.lists.view({ courseId: 'c1' }, 'oldest').record.value.status, 'idle');
  const fresh = scriptedLoader();
  s.lists.ensure({}, 'newest', fresh.loader);
  assert.is(fresh.calls.length, 1, 'a forgotten list loads again');
});

test('invalidate(true): an answer in flight is ignored even after the same list loads again', async () => {
  const s = setup();
  const old = scriptedLoader();
  s.lists.ensure({}, 'newest', old.loader);
  s.lists.invalidate(true);
  const fresh = scriptedLoader();
  s.lists.ensure({}, 'newest', fresh.loader);
  old.call(0).answer.resolve(page([mk(0, { displayName: 'old learner' })], null));
  await flushPromises();
  assert.is(s.lists.view({}, 'newest').record.value.status, 'loading');
  assert.is(s.cache.get('n00'), undefined);
  fresh.call(0).answer.resolve(page([mk(1)], null));
  await flushPromises();
  assert.equal(ids(s.lists.view({}, 'newest').notes.value), ['n01']);
});

test('adjustTotals counts a note in every list it belongs to, never below zero', async () => {
  const s = setup();
  await loadFirst(s, {}, 'newest', page([mk(0)], 'c', 10));
  await loadFirst(s, { courseId: 'c1' }, 'newest', page([mk(0)], 'c', 4));
  await loadFirst(s, { courseId: 'c2' }, 'newest', page([], null, 0));
  await loadFirst(s, { query: 'photo' }, 'oldest', page([], null, 0));
  await loadFirst(s, { source: 'recent' }, 'newest', page([mk(0)], null, null));
  const added = mk(9, { courseId: 'c1', text: 'a photo' });
  s.lists.adjustTotals(added, 1);
  const total = (f: ListFilter, o: NoteOrder) => s.lists.view(f, o).record.value.total;
  assert.is(total({}, 'newest'), 11);
  assert.is(total({ courseId: 'c1' }, 'newest'), 5);
  assert.is(total({ courseId: 'c2' }, 'newest'), 0);
  assert.is(total({ query: 'photo' }, 'oldest'), 1);
  assert.is(total({ source: 'recent' }, 'newest'), null, 'an unknown total stays unknown');
  s.lists.adjustTotals(mk(8, { courseId: 'c2', text: 'x' }), -1);
  assert.is(total({ courseId: 'c2' }, 'newest'), 0);
  assert.is(total({}, 'newest'), 10);
});

test('lists are remembered up to a cap; the least recently used go first', async () => {
  const s = setup();
  await loadFirst(s, { query: 'q-first' }, 'newest', page([], null, 0));
  for (let i = 0; i < 45; i++) await loadFirst(s, { query: `q${i}` }, 'newest', page([], null, 0));
  assert.is(s.lists.view({ query: 'q-first' }, 'newest').record.value.status, 'idle', 'forgotten');
  assert.is(s.lists.view({ query: 'q44' }, 'newest').record.value.status, 'ready');
});

test('the cap never drops a list with a load in flight', async () => {
  const s = setup();
  const slow = scriptedLoader();
  s.lists.ensure({}, 'newest', slow.loader);
  for (let i = 0; i < 60; i++) await loadFirst(s, { query: `q${i}` }, 'newest', page([], null, 0));
  const all = s.lists.view({}, 'newest');
  assert.is(all.record.value.status, 'loading');
  assert.not.ok(slow.call(0).signal.aborted);
  slow.call(0).answer.resolve(page([mk(0)], null, 1));
  await flushPromises();
  assert.is(all.record.value.status, 'ready');
  assert.equal(ids(all.notes.value), ['n00']);
});

test('a list view follows its record: shown screens update when loads land', async () => {
  const s = setup();
  const v = s.lists.view({}, 'newest');
  const seen: string[] = [];
  const l = scriptedLoader();
  s.lists.ensure({}, 'newest', l.loader);
  seen.push(v.record.value.status);
  l.call(0).answer.resolve(page([mk(0)], null));
  await flushPromises();
  seen.push(v.record.value.status);
  assert.equal(seen, ['loading', 'ready']);
});

test('a complete answer is the whole list: a reload drops cached notes the server no longer has', async () => {
  const s = setup();
  await loadFirst(
    s,
    { refId: 'r1' },
    'newest',
    page([mk(0, { refId: 'r1' }), mk(1, { refId: 'r1' })], null, 2),
  );
  const v = s.lists.view({ refId: 'r1' }, 'newest');
  s.lists.invalidate(false); // a new context: reload what is on screen
  const l = scriptedLoader();
  s.lists.ensure({ refId: 'r1' }, 'newest', l.loader);
  l.call(0).answer.resolve(page([mk(1, { refId: 'r1' })], null, 1)); // n00 was deleted on another device
  await flushPromises();
  assert.is(v.record.value.total, 1);
  // Regression: a fresh first page is the truth for its range, so a note deleted elsewhere leaves
  // the lists on Retry or a new context.
  assert.equal(ids(v.notes.value), ['n01']);
});

test.run();
