import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  covers,
  filterKey,
  fold,
  type ListFilter,
  matchesFilter,
  matchTagsWith,
  normaliseQuery,
  noteMatcher,
} from '../../../src/notes/read/note-filter.ts';
import { hasAllTags } from '../../../src/ui/screens/view/search-match.ts';
import { fakeNote } from '../../fakes/fake-note.ts';

const note = fakeNote({
  refId: 'r1',
  courseId: 'c1',
  text: 'Photosynthesis needs LIGHT',
  refTitle: 'Plants video',
  courseTitle: 'Biology 101',
  moduleTitle: 'Cells',
  tags: ['exam', 'Chlorophyll'],
});

test("review: 'in' matches notes ticked for review or hiding words, nothing else", () => {
  const ticked = fakeNote({ inReview: true });
  const hiding = fakeNote({ content: '<p>The <span class="cloze">mitochondria</span> make energy</p>' });
  const unticked = fakeNote({ inReview: false, content: '<p><span class="other">x</span> cloze</p>' });
  const plain = fakeNote({});
  const match = noteMatcher({ review: 'in' });
  assert.equal([ticked, hiding, unticked, plain].map(match), [true, true, false, false]);
  assert.ok(matchesFilter(ticked, { review: 'in', query: '' }));
});

test('review: a list in review is covered by the whole list, not the other way; its own key', () => {
  assert.ok(covers({}, { review: 'in' }));
  assert.ok(covers({ review: 'in' }, { review: 'in', query: 'x' }));
  assert.not.ok(covers({ review: 'in' }, {}));
  assert.is.not(filterKey({ review: 'in' }), filterKey({}));
  assert.is.not(filterKey({ review: 'in' }), filterKey({ tags: ['x'] }));
  assert.is(filterKey({}), filterKey({ query: '' }), 'a filter without review keeps its key');
});

test('no filter matches every note', () => {
  assert.ok(matchesFilter(note, {}));
  assert.ok(matchesFilter(fakeNote({ courseId: null, moduleTitle: null, courseTitle: null }), {}));
});

test('refId and courseId match exactly (no case folding, no prefixes)', () => {
  assert.ok(matchesFilter(note, { refId: 'r1' }));
  assert.not.ok(matchesFilter(note, { refId: 'R1' }));
  assert.not.ok(matchesFilter(note, { refId: 'r' }));
  assert.ok(matchesFilter(note, { courseId: 'c1' }));
  assert.not.ok(matchesFilter(note, { courseId: 'c10' }));
  assert.not.ok(matchesFilter(fakeNote({ courseId: null }), { courseId: 'c1' }));
  assert.ok(matchesFilter(note, { refId: 'r1', courseId: 'c1' }));
  assert.not.ok(matchesFilter(note, { refId: 'r1', courseId: 'c2' }));
});

test('the query looks in text, resource, course and module titles and tags, case-folded', () => {
  for (const q of [
    'photo',
    'PHOTO',
    'light',
    'plants',
    'biology 101',
    'cells',
    'exam',
    'chlorophyll',
    'CHLORO',
  ])
    assert.ok(matchesFilter(note, { query: q }), q);
  for (const q of ['darkness', 'r1', 'c1', 'Zoë', 'Hello', '<p>'])
    assert.not.ok(matchesFilter(note, { query: q }), q);
});

test('the query is trimmed; a blank query is no search', () => {
  assert.ok(matchesFilter(note, { query: '  photo  ' }));
  assert.ok(matchesFilter(note, { query: '   ' }));
  assert.ok(matchesFilter(note, { query: '' }));
});

test('a query does not match across two fields', () => {
  // text ends in "LIGHT", refTitle starts with "Plants": no note says "light plants"
  assert.not.ok(matchesFilter(note, { query: 'light plants' }));
  assert.not.ok(matchesFilter(note, { query: 'lightplants' }));
});

test('missing course and module titles are no obstacle', () => {
  const bare = fakeNote({ courseTitle: null, moduleTitle: null, tags: [], text: 'alpha' });
  assert.ok(matchesFilter(bare, { query: 'alpha' }));
  assert.not.ok(matchesFilter(bare, { query: 'null' }));
});

test('query, refId and courseId must all hold', () => {
  assert.ok(matchesFilter(note, { courseId: 'c1', query: 'photo' }));
  assert.not.ok(matchesFilter(note, { courseId: 'c2', query: 'photo' }));
  assert.not.ok(matchesFilter(note, { courseId: 'c1', query: 'zebra' }));
});

test('source is ignored when matching (the recent list holds any note)', () => {
  assert.ok(matchesFilter(note, { source: 'recent' }));
  assert.not.ok(matchesFilter(note, { source: 'recent', query: 'zebra' }));
});

test('an edited note (a new object) is searched by its new text', () => {
  assert.ok(matchesFilter(note, { query: 'photo' }));
  const edited = { ...note, text: 'zebra' };
  assert.ok(matchesFilter(edited, { query: 'zebra' }));
  assert.not.ok(matchesFilter(edited, { query: 'photosynthesis' }));
});

test('noteMatcher(filter) decides exactly like matchesFilter', () => {
  const notes = [
    note,
    fakeNote({ noteId: 'n2', courseId: null, text: 'ÜBER photo' }),
    fakeNote({ refId: 'r2' }),
  ];
  const filters: ListFilter[] = [
    {},
    { query: 'photo' },
    { courseId: 'c1' },
    { refId: 'r2', query: 'hello' },
    { query: 'über' },
  ];
  for (const f of filters) {
    const matches = noteMatcher(f);
    for (const n of notes) assert.is(matches(n), matchesFilter(n, f), `${JSON.stringify(f)} ${n.noteId}`);
  }
});

test('fold: non-ASCII capitals fold like the API (toLocaleLowerCase "und")', () => {
  assert.is(fold('ÜBER'), 'über');
  assert.is(fold('Ärger Ölung'), 'ärger ölung');
  assert.is(fold('İstanbul'), 'i̇stanbul', 'İ folds to i + combining dot, not Turkish i');
  assert.is(fold('ISTANBUL'), 'istanbul', 'plain I is not Turkish dotless ı');
  assert.is(fold('МОСКВА'), 'москва');
});

test('non-ASCII search: Ü finds ü, and ü finds Ü', () => {
  const n = fakeNote({ text: 'Über alles', refTitle: 'müde' });
  assert.ok(matchesFilter(n, { query: 'über' }));
  assert.ok(matchesFilter(n, { query: 'ÜBER' }));
  assert.ok(matchesFilter(n, { query: 'MÜDE' }));
  assert.not.ok(matchesFilter(n, { query: 'uber' }), 'no accent folding: the API does none either');
});

test('Turkish İ folds the same way in the query and the note', () => {
  const n = fakeNote({ text: 'İzmir', refTitle: 'x' });
  assert.ok(matchesFilter(n, { query: 'İZMIR' }));
  assert.ok(matchesFilter(n, { query: 'İzmir' }));
  assert.ok(matchesFilter(n, { query: 'i' }), 'the folded İ starts with a plain i');
  assert.ok(matchesFilter(n, { query: 'zmir' }));
  assert.not.ok(matchesFilter(fakeNote({ text: 'izmir', refTitle: 'x' }), { query: 'İzmir' }));
});

test('normaliseQuery trims and folds; undefined is blank', () => {
  assert.is(normaliseQuery('  Über  '), 'über');
  assert.is(normaliseQuery(undefined), '');
  assert.is(normaliseQuery('\t\n'), '');
});

const COVERS: [outer: ListFilter, inner: ListFilter, expected: boolean][] = [
  [{}, {}, true],
  [{}, { query: 'photo' }, true],
  [{}, { courseId: 'c1' }, true],
  [{}, { refId: 'r1', courseId: 'c1', query: 'x' }, true],
  [{ query: 'pho' }, { query: 'photo' }, true],
  [{ query: 'PHO' }, { query: ' photo ' }, true],
  [{ query: 'oto' }, { query: 'photo' }, true],
  [{ query: 'photo' }, { query: 'pho' }, false],
  [{ query: 'photo' }, {}, false],
  [{ query: 'photo' }, { query: 'phone' }, false],
  [{ query: '  ' }, { query: 'x' }, true],
  [{ courseId: 'c1' }, { courseId: 'c1', query: 'x' }, true],
  [{ courseId: 'c1' }, { courseId: 'c2' }, false],
  [{ courseId: 'c1' }, {}, false],
  [{ courseId: 'c1', query: 'pho' }, { courseId: 'c1', query: 'photo' }, true],
  [{ courseId: 'c1', query: 'pho' }, { query: 'photo' }, false],
  [{ refId: 'r1' }, { refId: 'r1', query: 'a' }, true],
  [{ refId: 'r1' }, {}, false],
  [{ refId: 'r1' }, { refId: 'r2' }, false],
  [{ source: 'recent' }, {}, true],
  [{}, { source: 'recent' }, true],
  [{ query: 'über' }, { query: 'ÜBERALL' }, true],
];
for (const [outer, inner, expected] of COVERS) {
  test(`covers(${JSON.stringify(outer)}, ${JSON.stringify(inner)}) → ${expected}`, () => {
    assert.is(covers(outer, inner), expected);
  });
}

test('covers means what it says: whatever matches the inner filter matches the outer one', () => {
  const notes = [
    note,
    fakeNote({ noteId: 'n2', courseId: 'c2', refId: 'r2', text: 'phone call', tags: [] }),
    fakeNote({ noteId: 'n3', courseId: null, text: 'PHOTO album', tags: [] }),
  ];
  for (const [outer, inner, expected] of COVERS) {
    if (!expected) continue;
    for (const n of notes)
      if (matchesFilter(n, inner))
        assert.ok(
          matchesFilter(n, outer),
          `${n.noteId}: ${JSON.stringify(outer)} ⊇ ${JSON.stringify(inner)}`,
        );
  }
});

test('filterKey: the same list however the filter was written', () => {
  assert.is(filterKey({}), filterKey({ query: '' }));
  assert.is(filterKey({}), filterKey({ query: '   ' }));
  assert.is(filterKey({ query: 'Photo ' }), filterKey({ query: 'photo' }));
  assert.is(filterKey({ courseId: 'c1', query: 'x' }), filterKey({ query: 'x', courseId: 'c1' }));
  assert.is(filterKey({ refId: undefined }), filterKey({}));
});

test('filterKey: different lists get different keys', () => {
  const filters: ListFilter[] = [
    {},
    { refId: 'c1' },
    { courseId: 'c1' },
    { query: 'c1' },
    { source: 'recent' },
    { courseId: 'c1', query: 'x' },
    { courseId: 'c1x' },
    { query: 'a","b' },
    { refId: 'a', courseId: 'b' },
    { refId: 'b', courseId: 'a' },
  ];
  const keys = filters.map(filterKey);
  assert.is(new Set(keys).size, filters.length, keys.join(' | '));
});

test('filterKey is stable across calls', () => {
  const f: ListFilter = { refId: 'r', courseId: 'c', query: 'q', source: 'recent' };
  assert.is(filterKey(f), filterKey({ ...f }));
});

test('tags: matched by the test the /view chunk hands over; until then a tag filter matches (and prunes) nothing', () => {
  matchTagsWith(() => false);
  assert.not.ok(matchesFilter(note, { tags: ['exam'] }));
  matchTagsWith(hasAllTags);
  assert.ok(matchesFilter(note, { tags: ['EXAM'] }), 'ignoring case, by the tag rules’ key');
  assert.ok(matchesFilter(note, { tags: ['exam', 'chlorophyll'] }));
  assert.not.ok(matchesFilter(note, { tags: ['exam', 'tips'] }), 'every tag must be on the note');
  assert.ok(matchesFilter(note, { tags: ['exam'], query: 'light' }));
  assert.not.ok(matchesFilter(note, { tags: ['exam'], courseId: 'c2' }));
});

test('tags: a list with tags covers one with the same tags and more; none covers it but a list without tags', () => {
  assert.ok(covers({}, { tags: ['exam'] }));
  assert.ok(covers({ tags: ['exam'] }, { tags: ['exam', 'tips'] }));
  assert.not.ok(covers({ tags: ['exam'] }, {}), 'a tag list says nothing of the untagged notes');
  assert.not.ok(covers({ tags: ['exam', 'tips'] }, { tags: ['exam'] }));
  assert.not.ok(
    covers({ tags: ['Exam'] }, { tags: ['exam'] }),
    'spelled otherwise: not counted (only slower)',
  );
});

test('tags: a filter with tags has a key of its own; without, the key is as before (kept copies stay readable)', () => {
  assert.is(filterKey({ query: 'x' }), JSON.stringify([null, null, 'x', null]));
  assert.is.not(filterKey({ tags: ['exam'] }), filterKey({}));
  assert.is.not(filterKey({ tags: ['exam'] }), filterKey({ tags: ['tips'] }));
});

test.run();
