import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note } from '../../../../src/protocol/api-types.ts';
import {
  applySearch,
  localDayStart,
  prepareSearchMatch,
  type SearchContext,
  searchMatcher,
} from '../../../../src/ui/screens/view/search-match.ts';
import { parseSearch } from '../../../../src/ui/screens/view/search-query.ts';
import { fakeNote } from '../../../fakes/fake-note.ts';

const utcDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const ctx = (over: Partial<SearchContext> = {}): SearchContext => ({
  courseTitle: (n) => n.courseTitle,
  unsaved: new Set(),
  dayStart: utcDay,
  ...over,
});
const ids = (notes: readonly Note[]) => notes.map((n) => n.noteId);

const notes = [
  fakeNote({
    noteId: 'a',
    tags: ['Exam', 'tips'],
    courseTitle: 'Biology  101',
    createdOn: '2026-10-31T23:59:59.999Z',
  }),
  fakeNote({ noteId: 'b', tags: ['exam'], courseTitle: 'Chemistry', createdOn: '2026-11-01T00:00:00.000Z' }),
  fakeNote({ noteId: 'c', tags: [], courseTitle: null, createdOn: '2026-11-15T08:00:00.000Z' }),
  fakeNote({
    noteId: 'd',
    tags: ['Straße'],
    courseTitle: 'Marine biology',
    createdOn: '2026-12-01T00:00:00.000Z',
  }),
];
const run = (search: string, c = ctx()) => ids(applySearch(notes, parseSearch(search), c));

test("no local part: no matcher, every note passes (free text is the list query's job)", () => {
  assert.is(searchMatcher(parseSearch('just words'), ctx()), null);
  assert.is(applySearch(notes, parseSearch('just words'), ctx()), notes);
});

test('tags: every one must be on the note, ignoring case', () => {
  assert.equal(run('tag:EXAM'), ['a', 'b']);
  assert.equal(run('tag:exam tag:Tips'), ['a']);
  assert.equal(run('tag:strasse'), ['d']);
  assert.equal(run('tag:none'), []);
});

test('course: part of the title as shown, ignoring case and extra spaces; all must match', () => {
  assert.equal(run('course:biology'), ['a', 'd']);
  assert.equal(run('course:"biology 101"'), ['a']);
  assert.equal(run('course:bio course:marine'), ['d']);
  assert.equal(run('course:x'), []);
  // The title comes from the lookup (e.g. the course list), not only the note.
  const renamed = ctx({ courseTitle: (n) => (n.noteId === 'c' ? 'Physics' : n.courseTitle) });
  assert.equal(run('course:phys', renamed), ['c']);
});

test('before/after: on createdOn, after inclusive of its day, before exclusive', () => {
  assert.equal(run('after:2026-11-01'), ['b', 'c', 'd']);
  assert.equal(run('before:2026-11-01'), ['a']);
  assert.equal(run('after:2026-11-01 before:2026-11-02'), ['b']);
  assert.equal(run('after:2026-11-02 before:2026-11-01'), []);
  assert.equal(run('before:2026-12-01'), ['a', 'b', 'c']);
});

test('the day starts where the learner is (the default is local midnight)', () => {
  const start = localDayStart('2026-11-01');
  const d = new Date(start);
  assert.equal(
    [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()],
    [2026, 10, 1, 0, 0],
  );
  const local = ctx({ dayStart: undefined });
  const onTheDay = fakeNote({ noteId: 'x', createdOn: new Date(start + 60_000).toISOString() });
  const dayBefore = fakeNote({ noteId: 'y', createdOn: new Date(start - 60_000).toISOString() });
  assert.equal(ids(applySearch([onTheDay, dayBefore], parseSearch('after:2026-11-01'), local)), ['x']);
  assert.equal(new Date(localDayStart('1999-01-01')).getFullYear(), 1999);
});

test('a note with a malformed createdOn matches no date bound', () => {
  const odd = fakeNote({ noteId: 'odd', createdOn: 'yesterday' });
  assert.equal(ids(applySearch([odd], parseSearch('after:2000-01-01'), ctx())), []);
  assert.equal(ids(applySearch([odd], parseSearch('tag:a'), ctx())), ['odd']);
});

test('work done ahead as pages arrive changes no answer', () => {
  const fresh = notes.map((n) => ({ ...n }));
  const before = ids(applySearch(fresh, parseSearch('tag:exam after:2026-11-01'), ctx()));
  prepareSearchMatch(fresh);
  assert.equal(ids(applySearch(fresh, parseSearch('tag:exam after:2026-11-01'), ctx())), before);
  assert.equal(before, ['b']);
});

test('is:unsaved: notes with a write the server has not confirmed', () => {
  assert.equal(run('is:unsaved', ctx({ unsaved: new Set(['c', 'tmp-1']) })), ['c']);
  assert.equal(run('is:unsaved tag:exam', ctx({ unsaved: new Set(['a', 'c']) })), ['a']);
  assert.equal(run('is:unsaved'), []);
});

test('10,000 notes: one pass, and course titles are folded once per distinct title', () => {
  const many = Array.from({ length: 10_000 }, (_, i) =>
    fakeNote({
      noteId: `n${i}`,
      tags: i % 3 === 0 ? ['exam'] : ['lab'],
      courseTitle: `Course ${i % 20}`,
      createdOn: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
    }),
  );
  let lookups = 0;
  const counting = ctx({
    courseTitle: (n) => {
      lookups++;
      return n.courseTitle;
    },
  });
  const found = applySearch(many, parseSearch('tag:exam course:"course 1" after:2026-02-01'), counting);
  // tag exam: every third; course "course 1" matches Course 1 and Course 10–19; after 1 Feb: i ≥ 744.
  const expected = many.filter(
    (n, i) => i % 3 === 0 && /^Course 1\d?$/.test(n.courseTitle ?? '') && i >= 744,
  );
  assert.equal(ids(found), ids(expected));
  assert.ok(lookups <= many.length);
});

test.run();
