import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note } from '../../../../src/protocol/api-types.ts';
import { groupCourseNotes } from '../../../../src/ui/screens/course/group-notes.ts';
import { fakeNote } from '../../../fakes/fake-note.ts';

const note = (
  noteId: string,
  moduleId: string | null,
  moduleTitle: string | null,
  refId: string,
  refTitle: string,
  over: Partial<Note> = {},
) => fakeNote({ noteId, moduleId, moduleTitle, refId, refTitle, ...over });

const shape = (notes: Note[], locale = 'en') =>
  groupCourseNotes(notes, locale).map((m) => [
    m.moduleId === null ? null : m.title,
    m.resources.map((r) => [r.title, r.notes.map((n) => n.noteId)]),
  ]);

test('notes with no module come first, then modules in natural title order', () => {
  const notes = [
    note('a', 'm10', 'Module 10', 'r1', 'Video'),
    note('b', 'm2', 'Module 2', 'r2', 'Video'),
    note('c', null, null, 'r3', 'Course intro'),
    note('d', 'm1', 'module 1', 'r4', 'Video'),
  ];
  assert.equal(shape(notes), [
    [null, [['Course intro', ['c']]]],
    ['module 1', [['Video', ['d']]]],
    ['Module 2', [['Video', ['b']]]],
    ['Module 10', [['Video', ['a']]]],
  ]);
});

test('resources within a module in natural title order; same title keeps separate resources', () => {
  const notes = [
    note('a', 'm1', 'M', 'r10', 'Part 10'),
    note('b', 'm1', 'M', 'r9', 'Part 9'),
    note('c', 'm1', 'M', 'rA', 'Part 9'),
    note('d', 'm1', 'M', 'r1', 'part 1'),
  ];
  assert.equal(shape(notes), [
    [
      'M',
      [
        ['part 1', ['d']],
        ['Part 9', ['b']],
        ['Part 9', ['c']],
        ['Part 10', ['a']],
      ],
    ],
  ]);
  const [module] = groupCourseNotes(notes, 'en');
  assert.equal(
    module?.resources.map((r) => r.refId),
    ['r1', 'r9', 'rA', 'r10'],
    'equal titles fall back to the id, so the order is stable',
  );
});

test('modules are grouped by id, not title', () => {
  const groups = groupCourseNotes(
    [
      note('a', 'm1', 'Same', 'r1', 'R'),
      note('b', 'm2', 'Same', 'r2', 'R'),
      note('c', 'm1', 'Same', 'r1', 'R'),
    ],
    'en',
  );
  assert.is(groups.length, 2);
  assert.equal(
    groups[0]?.resources[0]?.notes.map((n) => n.noteId),
    ['a', 'c'],
  );
});

test('notes within a resource: no anchor first, then by time or page, then by when taken', () => {
  const at = (noteId: string, seconds: number | null, createdOn: string) =>
    note(noteId, 'm1', 'M', 'r1', 'R', {
      anchor: seconds === null ? null : { kind: 'time', seconds },
      createdOn,
    });
  const notes = [
    at('late', 600, '2024-01-01T00:00:00.000Z'),
    at('early-new', 30, '2024-03-01T00:00:00.000Z'),
    at('none', null, '2024-05-01T00:00:00.000Z'),
    at('early-old', 30, '2024-02-01T00:00:00.000Z'),
    at('mid', 75.5, '2024-01-01T00:00:00.000Z'),
  ];
  assert.equal(shape(notes), [['M', [['R', ['none', 'early-old', 'early-new', 'mid', 'late']]]]]);
  const pages = [2, 10, 1].map((page, i) =>
    note(`p${page}`, 'm1', 'M', 'r1', 'R', {
      anchor: { kind: 'page', page },
      createdOn: `2024-01-0${i + 1}T00:00:00.000Z`,
    }),
  );
  assert.equal(shape(pages), [['M', [['R', ['p1', 'p2', 'p10']]]]]);
});

test('titles sort in the learner locale', () => {
  const notes = [note('z', 'mz', 'Zebra', 'r1', 'R'), note('o', 'mo', 'Öl', 'r2', 'R')];
  assert.equal(
    shape(notes, 'de').map((m) => m[0]),
    ['Öl', 'Zebra'],
  );
  assert.equal(
    shape(notes, 'sv').map((m) => m[0]),
    ['Zebra', 'Öl'],
  );
});

test('no notes, no groups; the input is left as it was', () => {
  assert.equal(groupCourseNotes([], 'en'), []);
  const notes = [note('b', 'm1', 'M', 'r1', 'R', { anchor: null }), note('a', null, null, 'r0', 'R0')];
  groupCourseNotes(notes, 'en');
  assert.equal(
    notes.map((n) => n.noteId),
    ['b', 'a'],
  );
});

test.run();
