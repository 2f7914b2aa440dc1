import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isNarrowed, noteCount, viewFilter } from '../../src/notes/view-filter.ts';

test('viewFilter leaves out a blank search and "all courses"', () => {
  assert.equal(viewFilter('', ''), {});
  assert.equal(viewFilter('   ', ''), {});
  assert.equal(viewFilter(' photo ', 'c1'), { query: 'photo', courseId: 'c1' });
  assert.equal(viewFilter('', 'c1'), { courseId: 'c1' });
});

test('isNarrowed: a search or a course narrows the list', () => {
  assert.is(isNarrowed({}), false);
  assert.is(isNarrowed({ query: ' ' }), false);
  assert.is(isNarrowed({ query: 'a' }), true);
  assert.is(isNarrowed({ courseId: 'c1' }), true);
});

test('noteCount: the notes shown when complete, else the server total (null while unknown)', () => {
  assert.is(noteCount(3, true, 10), 3);
  assert.is(noteCount(50, false, 10_000), 10_000);
  assert.is(noteCount(50, false, null), null);
  assert.is(noteCount(0, true, null), 0);
});

test.run();
