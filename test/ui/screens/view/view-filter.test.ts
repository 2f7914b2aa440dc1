import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseSearch } from '../../../../src/ui/screens/view/search-query.ts';
import { isNarrowed, noteCount, viewFilter } from '../../../../src/ui/screens/view/view-filter.ts';

const filterOf = (typed: string, courseId: string) => viewFilter(parseSearch(typed), courseId);

test('viewFilter leaves out a blank search and "all courses"', () => {
  assert.equal(filterOf('', ''), {});
  assert.equal(filterOf('   ', ''), {});
  assert.equal(filterOf(' photo ', 'c1'), { query: 'photo', courseId: 'c1' });
  assert.equal(filterOf('', 'c1'), { courseId: 'c1' });
});

test('viewFilter: free text to query, tag: to tags; the local operators stay out of the API filter', () => {
  assert.equal(filterOf('tag:exam cost', ''), { query: 'cost', tags: ['exam'] });
  assert.equal(filterOf('tag:"two words" tag:Exam', 'c1'), { tags: ['two words', 'Exam'], courseId: 'c1' });
  assert.equal(filterOf('course:bio after:2026-01-01 is:unsaved', ''), {});
  assert.equal(filterOf('user:asha', ''), { query: 'user:asha' });
  assert.equal(filterOf('is:review', 'c1'), { review: 'in', courseId: 'c1' });
});

test('isNarrowed: a search or a course narrows the list', () => {
  assert.is(isNarrowed({}), false);
  assert.is(isNarrowed({ query: ' ' }), false);
  assert.is(isNarrowed({ query: 'a' }), true);
  assert.is(isNarrowed({ courseId: 'c1' }), true);
  assert.is(isNarrowed({ tags: ['exam'] }), true);
  assert.is(isNarrowed({ review: 'in' }), true);
  assert.is(isNarrowed({}, parseSearch('is:unsaved')), true, 'a local operator narrows too');
  assert.is(isNarrowed({}, parseSearch('tag:')), false, 'an operator without a value yet does not');
});

test('noteCount: the notes shown when complete, else the server total (null while unknown)', () => {
  assert.is(noteCount(3, true, 10), 3);
  assert.is(noteCount(50, false, 10_000), 10_000);
  assert.is(noteCount(50, false, null), null);
  assert.is(noteCount(0, true, null), 0);
});

test.run();
