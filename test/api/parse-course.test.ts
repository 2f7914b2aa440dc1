/** A course's collection (src/api/parse-course.ts): its notes checked as every note is. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCollection } from '../../src/api/parse-course.ts';
import { rejectsField } from '../fakes/api-failure.ts';
import { fakeNote } from '../fakes/fake-note.ts';

test('collection', () => {
  const c = {
    courseId: 'c1',
    courseTitle: 'C',
    modules: [
      { moduleId: 'm1', moduleTitle: 'M', resources: [{ refId: 'r1', refTitle: 'R', notes: [fakeNote()] }] },
    ],
  };
  assert.equal(parseCollection(c), c);
  assert.equal(parseCollection({ ...c, extra: 1 }), c, 'extra fields dropped');
  const bad = structuredClone(c);
  (bad.modules[0]?.resources[0]?.notes[0] as Record<string, unknown>).noteId = null;
  rejectsField(() => parseCollection(bad), 'modules[0].resources[0].notes[0].noteId');
  rejectsField(() => parseCollection({ ...c, modules: null }), 'modules');
  rejectsField(() => parseCollection(null), '(root)');
});

test.run();
