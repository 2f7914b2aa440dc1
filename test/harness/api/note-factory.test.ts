import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyUpdate, createNote } from '../../../harness/api/note-factory.ts';
import type { NewNote } from '../../../src/protocol/api-types.ts';

const fields: NewNote = {
  refId: 'r',
  moduleId: null,
  courseId: null,
  refTitle: 'R',
  moduleTitle: null,
  courseTitle: null,
  domain: '',
  appRef: null,
  displayName: '',
  content: '<p>Hello <em>you</em></p>',
  text: '',
  anchor: null,
  tags: [],
};
const defaults = { domain: 'parent.example', displayName: 'Asha Verma' };
const t1 = new Date('2024-05-01T00:00:00.000Z');
const t2 = new Date('2024-05-02T00:00:00.000Z');

test('a new note gets identity, times, version 1 and filled blanks', () => {
  const n = createNote(fields, 'id-1', t1, defaults);
  assert.is(n.noteId, 'id-1');
  assert.is(n.createdOn, t1.toISOString());
  assert.is(n.updatedOn, t1.toISOString());
  assert.is(n.version, 1);
  assert.is(n.domain, 'parent.example');
  assert.is(n.displayName, 'Asha Verma');
  assert.is(n.text, 'Hello you');
});

test('given domain, displayName and text are kept', () => {
  const n = createNote({ ...fields, domain: 'd', displayName: 'Me', text: 'custom' }, 'id', t1, defaults);
  assert.equal([n.domain, n.displayName, n.text], ['d', 'Me', 'custom']);
});

test('an update merges, bumps version and updatedOn, and re-derives text for new content', () => {
  const n = createNote({ ...fields, tags: ['a'] }, 'id', t1, defaults);
  const u = applyUpdate(n, { content: '<p>Changed</p>' }, t2, defaults);
  assert.equal(
    [u.noteId, u.createdOn, u.updatedOn, u.version],
    ['id', t1.toISOString(), t2.toISOString(), 2],
  );
  assert.is(u.text, 'Changed');
  assert.equal(u.tags, ['a']);
  const v = applyUpdate(u, { content: '<p>Again</p>', text: 'given' }, t2, defaults);
  assert.is(v.text, 'given');
  assert.is(v.version, 3);
  const w = applyUpdate(v, { tags: ['b'] }, t2, defaults);
  assert.is(w.text, 'given');
  assert.equal(w.tags, ['b']);
});

test.run();
