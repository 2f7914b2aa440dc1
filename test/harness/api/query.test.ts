import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCursor } from '../../../harness/api/cursor.ts';
import { compareNotes, cursorPage, matchesPath, offsetPage } from '../../../harness/api/query.ts';
import type { FetchQuery, PathQuery } from '../../../harness/api/validate-filter.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { makeNote } from './support/notes.ts';

const filter = (f: Partial<FetchQuery> = {}): FetchQuery => ({
  refId: null,
  moduleId: null,
  courseId: null,
  query: null,
  tags: [],
  order: 'newest',
  limit: 20,
  after: null,
  ...f,
});
const ids = (notes: Note[]) => notes.map((n) => n.noteId);

test('orders are total: equal keys fall back to noteId', () => {
  const same = '2024-01-01T00:00:00.000Z';
  const a = makeNote(1, { noteId: 'b', createdOn: same, updatedOn: '2024-02-01T00:00:00.000Z' });
  const b = makeNote(2, { noteId: 'a', createdOn: same, updatedOn: '2024-01-15T00:00:00.000Z' });
  const c = makeNote(3);
  assert.equal(ids([a, b, c].sort(compareNotes('newest'))), ['n-00003', 'a', 'b']);
  assert.equal(ids([a, b, c].sort(compareNotes('oldest'))), ['a', 'b', 'n-00003']);
  assert.equal(ids([c, b, a].sort(compareNotes('updated'))), ['b', 'a', 'n-00003']);
});

test('search is case-insensitive and Unicode-aware over text, titles and tags', () => {
  const notes = [
    makeNote(1, { text: 'Überschriften nicht überspringen' }),
    makeNote(2, { text: 'x', refTitle: 'ΣΟΦΙΑ lecture' }),
    makeNote(3, { text: 'x', courseTitle: 'Accessible Web' }),
    makeNote(4, { text: 'x', moduleTitle: 'Semantic STRUCTURE' }),
    makeNote(5, { text: 'x', tags: ['Prüfung'] }),
    makeNote(6, { text: 'रेखीय प्रतिगमन' }),
  ].sort(compareNotes('newest'));
  const hit = (query: string) => ids(cursorPage(notes, filter({ query })).notes);
  assert.equal(hit('ÜBERSCHRIFTEN'), ['n-00001']);
  assert.equal(hit('σοφια'), ['n-00002']);
  assert.equal(hit('accessible web'), ['n-00003']);
  assert.equal(hit('structure'), ['n-00004']);
  assert.equal(hit('PRÜF'), ['n-00005']);
  assert.equal(hit('प्रतिगमन'), ['n-00006']);
  assert.equal(hit('absent'), []);
});

test('ids and tags filter exactly; tags must all be present (any case)', () => {
  const notes = [
    makeNote(1, { refId: 'a', tags: ['Exam', 'tips'] }),
    makeNote(2, { refId: 'b', moduleId: 'm2', tags: ['exam'] }),
    makeNote(3, { refId: 'b', courseId: 'c2' }),
  ].sort(compareNotes('oldest'));
  const pick = (f: Partial<FetchQuery>) => ids(cursorPage(notes, filter({ order: 'oldest', ...f })).notes);
  assert.equal(pick({ refId: 'b' }), ['n-00002', 'n-00003']);
  assert.equal(pick({ moduleId: 'm2' }), ['n-00002']);
  assert.equal(pick({ courseId: 'c2' }), ['n-00003']);
  assert.equal(pick({ tags: ['exam'] }), ['n-00001', 'n-00002']);
  assert.equal(pick({ tags: ['exam', 'TIPS'] }), ['n-00001']);
});

test('the tags filter folds case like the app (Unicode full folding, no locale rules)', () => {
  const notes = [
    makeNote(1, { tags: ['Straße'] }),
    makeNote(2, { tags: ['ΟΔΟΣ'] }),
    makeNote(3, { tags: ['ılık'] }),
    makeNote(4, { tags: ['  cell   wall '] }), // stored before normalising: still found
  ].sort(compareNotes('oldest'));
  const pick = (tags: string[]) => ids(cursorPage(notes, filter({ order: 'oldest', tags })).notes);
  assert.equal(pick(['STRASSE']), ['n-00001']);
  assert.equal(pick(['οδοσ']), ['n-00002']);
  assert.equal(pick(['ilik']), []); // dotless ı is not i
  assert.equal(pick(['ILIK']), []);
  assert.equal(pick(['Cell Wall']), ['n-00004']);
});

test('cursor pages cover everything once, with totals, and survive inserts and deletes', () => {
  let notes = Array.from({ length: 45 }, (_, i) => makeNote(i)).sort(compareNotes('newest'));
  const seen: string[] = [];
  let page = cursorPage(notes, filter({ limit: 10 }));
  assert.is(page.total, 45);
  seen.push(...ids(page.notes));
  let extra = 100;
  while (page.nextCursor) {
    notes = [...notes.filter((n) => n.noteId !== 'n-00020'), makeNote(extra++)].sort(compareNotes('newest'));
    const after = decodeCursor(page.nextCursor, 'newest');
    assert.ok(after.ok);
    page = cursorPage(notes, filter({ limit: 10, after: after.ok ? after.value : null }));
    seen.push(...ids(page.notes));
  }
  const survivors = Array.from({ length: 45 }, (_, i) => makeNote(i).noteId).filter((id) => id !== 'n-00020');
  for (const id of survivors) assert.is(seen.filter((s) => s === id).length, 1, id);
  assert.is(new Set(seen).size, seen.length);
});

test('the last page has no cursor; an exact multiple ends without an empty page', () => {
  const notes = Array.from({ length: 20 }, (_, i) => makeNote(i)).sort(compareNotes('newest'));
  const first = cursorPage(notes, filter({ limit: 10 }));
  assert.ok(first.nextCursor);
  const after = decodeCursor(first.nextCursor ?? '', 'newest');
  const second = cursorPage(notes, filter({ limit: 10, after: after.ok ? after.value : null }));
  assert.is(second.notes.length, 10);
  assert.is(second.nextCursor, null);
});

const pq = (p: Partial<PathQuery>): PathQuery => ({
  courseId: null,
  moduleId: null,
  refId: null,
  includeChildren: true,
  limit: 20,
  offset: 0,
  order: 'oldest',
  ...p,
});

test('path matching: flag 1 includes everything under, flag 0 only notes on the item itself', () => {
  const courseNote = makeNote(1, { refId: 'c1', moduleId: null });
  const moduleNote = makeNote(2, { refId: 'm1' });
  const resourceNote = makeNote(3, { refId: 'r1' });
  const other = makeNote(4, { refId: 'r9', moduleId: 'm9', courseId: 'c9' });
  const all = [courseNote, moduleNote, resourceNote, other];
  const match = (p: Partial<PathQuery>) => ids(all.filter((n) => matchesPath(n, pq(p))));
  assert.equal(match({ courseId: 'c1' }), ['n-00001', 'n-00002', 'n-00003']);
  assert.equal(match({ courseId: 'c1', includeChildren: false }), ['n-00001']);
  assert.equal(match({ moduleId: 'm1' }), ['n-00002', 'n-00003']);
  assert.equal(match({ moduleId: 'm1', includeChildren: false }), ['n-00002']);
  assert.equal(match({ refId: 'r1', includeChildren: false }), ['n-00003']);
  assert.equal(match({}), ids(all));
  assert.equal(match({ includeChildren: false }), ids(all));
});

test('offset pages report total and the next offset', () => {
  const notes = Array.from({ length: 25 }, (_, i) => makeNote(i)).sort(compareNotes('oldest'));
  const p1 = offsetPage(notes, pq({ limit: 10, offset: 0 }));
  assert.equal([p1.notes.length, p1.total, p1.nextCursor], [10, 25, '10']);
  const p3 = offsetPage(notes, pq({ limit: 10, offset: 20 }));
  assert.equal([p3.notes.length, p3.nextCursor, p3.notes[0]?.noteId], [5, null, 'n-00020']);
  assert.equal(offsetPage(notes, pq({ offset: 99 })).notes, []);
});

test.run();
