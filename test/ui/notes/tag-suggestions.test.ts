import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTagIndex, SUGGESTION_LIMIT, suggestTags } from '../../../src/ui/notes/tag-suggestions.ts';

const note = (updatedOn: string, ...tags: string[]) => ({ tags, updatedOn });
const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T10:00:00.000Z`;

test('the index counts each tag once per note, ignoring case, most used first', () => {
  const index = buildTagIndex([
    note(day(1), 'exam', 'tips'),
    note(day(2), 'Exam'),
    note(day(3), 'EXAM', 'exam'), // one note, one count
    note(day(4), 'tips'),
    note(day(5), 'lab'),
  ]);
  assert.equal(
    index.map((s) => [s.tag, s.count, s.lastUsed]),
    [
      ['EXAM', 3, day(3)],
      ['tips', 2, day(4)],
      ['lab', 1, day(5)],
    ],
  );
});

test('a tag is spelled as the learner spelled it most, on a tie most recently', () => {
  const index = buildTagIndex([note(day(1), 'Exam'), note(day(2), 'exam'), note(day(3), 'exam')]);
  assert.is(index[0]?.tag, 'exam');
  const tie = buildTagIndex([note(day(2), 'Lab'), note(day(1), 'lab')]);
  assert.is(tie[0]?.tag, 'Lab');
});

test('equal counts: the most recently used first, then by key', () => {
  const index = buildTagIndex([note(day(1), 'b'), note(day(3), 'c'), note(day(3), 'a')]);
  assert.equal(
    index.map((s) => s.tag),
    ['a', 'c', 'b'],
  );
});

test('suggestions: prefix matches, then matches inside, ignoring case; chosen tags left out', () => {
  const index = buildTagIndex([
    note(day(1), 'biology', 'exam'),
    note(day(2), 'biology', 'microbiology'),
    note(day(3), 'Bio-lab'),
    note(day(4), 'symbiosis'),
  ]);
  // Each group in index order: biology is on two notes; symbiosis was used after microbiology.
  assert.equal(suggestTags(index, 'BIO', []), ['biology', 'Bio-lab', 'symbiosis', 'microbiology']);
  assert.equal(suggestTags(index, 'bio', ['Biology']), ['Bio-lab', 'symbiosis', 'microbiology']);
  assert.equal(suggestTags(index, ' bio ', [], 2), ['biology', 'Bio-lab']);
  assert.equal(suggestTags(index, 'zzz', []), []);
});

test('nothing typed suggests the most used, up to the limit', () => {
  const notes = Array.from({ length: 20 }, (_, i) => note(day(1), `tag${String(i).padStart(2, '0')}`));
  const index = buildTagIndex([...notes, note(day(2), 'tag07')]);
  const shown = suggestTags(index, '', []);
  assert.is(shown.length, SUGGESTION_LIMIT);
  assert.is(shown[0], 'tag07');
});

test('scripts without case and folded ones both match', () => {
  const index = buildTagIndex([note(day(1), 'हिंदी व्याकरण'), note(day(2), 'Straße'), note(day(3), 'امتحان')]);
  assert.equal(suggestTags(index, 'व्याक', []), ['हिंदी व्याकरण']);
  assert.equal(suggestTags(index, 'STRASS', []), ['Straße']);
  assert.equal(suggestTags(index, 'امت', []), ['امتحان']);
});

test('blank tags on a note (from an older server) are skipped', () => {
  assert.equal(buildTagIndex([note(day(1), ' ', '', 'a')]).length, 1);
});

test.run();
