import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collectCourse, listCourses } from '../../../harness/api/collections.ts';
import { makeNote } from './support/notes.ts';

test('listCourses: one row per course, count, latest update and title, most recent first', () => {
  const notes = [
    makeNote(1, { courseId: 'c1', courseTitle: 'Old title' }),
    makeNote(2, { courseId: 'c2', courseTitle: 'Two' }),
    makeNote(3, { courseId: 'c1', courseTitle: 'New title', updatedOn: '2024-06-01T00:00:00.000Z' }),
    makeNote(4, { courseId: null, courseTitle: null }),
  ];
  assert.equal(listCourses(notes), [
    { courseId: 'c1', courseTitle: 'New title', noteCount: 2, updatedOn: '2024-06-01T00:00:00.000Z' },
    { courseId: 'c2', courseTitle: 'Two', noteCount: 1, updatedOn: notes[1]?.updatedOn ?? '' },
  ]);
  assert.equal(listCourses([]), []);
});

test('collectCourse groups module → resource, course-level notes first, natural title order', () => {
  const notes = [
    makeNote(1, { moduleId: 'm10', moduleTitle: 'Module 10', refId: 'r3', refTitle: 'Gamma' }),
    makeNote(2, { moduleId: 'm2', moduleTitle: 'Module 2', refId: 'r2', refTitle: 'Beta' }),
    makeNote(3, {
      moduleId: 'm2',
      moduleTitle: 'Module 2',
      refId: 'r1',
      refTitle: 'Alpha',
      anchor: { kind: 'time', seconds: 90 },
    }),
    makeNote(4, {
      moduleId: 'm2',
      moduleTitle: 'Module 2',
      refId: 'r1',
      refTitle: 'Alpha',
      anchor: { kind: 'time', seconds: 30 },
    }),
    makeNote(5, { moduleId: null, moduleTitle: null, refId: 'c1', refTitle: 'Course' }),
    makeNote(6, { courseId: 'other' }),
  ];
  const c = collectCourse(notes, 'c1', null);
  assert.is(c.courseTitle, 'Course');
  assert.equal(
    c.modules.map((m) => [
      m.moduleId,
      m.moduleTitle,
      m.resources.map((r) => [r.refId, r.notes.map((n) => n.noteId)]),
    ]),
    [
      ['', '', [['c1', ['n-00005']]]],
      [
        'm2',
        'Module 2',
        [
          ['r1', ['n-00004', 'n-00003']],
          ['r2', ['n-00002']],
        ],
      ],
      ['m10', 'Module 10', [['r3', ['n-00001']]]],
    ],
  );
});

test('collectCourse narrows to one module, and an unknown course is empty', () => {
  const notes = [makeNote(1, { moduleId: 'a' }), makeNote(2, { moduleId: 'b' })];
  assert.equal(
    collectCourse(notes, 'c1', 'b').modules.map((m) => m.moduleId),
    ['b'],
  );
  assert.equal(collectCourse(notes, 'nope', null), { courseId: 'nope', courseTitle: '', modules: [] });
});

test.run();
