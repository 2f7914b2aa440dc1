import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FirstLists, firstList } from '../../src/routes/first-list.ts';

/** Lists that say which kind was asked for, and with what. */
const NAMES: FirstLists<string> = {
  notes: (filter) => `notes ${JSON.stringify(filter)}`,
  recent: () => 'recent',
  courses: () => 'courses',
  course: (id) => `course ${id}`,
};
const PLAYER = { resourceId: 'res-1', courseId: 'c1' };

const CASES: [string, boolean, string | null][] = [
  ['/', true, 'notes {"refId":"res-1"}'],
  ['/', false, 'recent'],
  ['/view', true, 'notes {}'],
  ['/view', false, 'notes {}'],
  ['/course', true, 'courses'],
  ['/course/c-42', false, 'course c-42'],
  ['/course/a b', true, 'course a b'],
  ['/error', true, null],
  ['/ui', false, null],
  ['/nowhere', true, null],
];

for (const [path, player, expected] of CASES) {
  test(`${path} ${player ? 'with' : 'without'} player data loads ${expected ?? 'nothing'} first`, () => {
    assert.is(firstList(path, player ? PLAYER : null, NAMES), expected);
  });
}

test('`/` needs only the notes lists: its screen passes no course side', () => {
  const home = { notes: NAMES.notes, recent: NAMES.recent };
  assert.is(firstList('/', PLAYER, home), 'notes {"refId":"res-1"}');
  assert.is(firstList('/', null, home), 'recent');
});

test("without `course` (the early start), a course's notes load nothing first", () => {
  const { course: _, ...early } = NAMES;
  assert.is(firstList('/course/c-42', null, early), null);
  assert.is(firstList('/course', null, early), 'courses');
});

test.run();
