/**
 * A valid `Note` as the API returns it, so tests build responses without restating every field.
 */
import type { NewNote, Note } from '../../src/protocol/api-types.ts';

/** A complete note; `over` replaces any fields. */
export const fakeNote = (over: Partial<Note> = {}): Note => ({
  noteId: 'n1',
  refId: 'r1',
  moduleId: 'm1',
  courseId: 'c1',
  refTitle: 'Intro video',
  moduleTitle: 'Module 1',
  courseTitle: 'Course 1',
  domain: 'lex-dev.infosysapps.com',
  appRef: null,
  displayName: 'Zoë',
  content: '<p>Hello</p>',
  text: 'Hello',
  anchor: { kind: 'time', seconds: 192 },
  tags: ['a'],
  createdOn: '2024-01-01T00:00:00.000Z',
  updatedOn: '2024-01-01T00:00:00.000Z',
  version: 1,
  ...over,
});

/** The body of an add for `note`: the note without what the server assigns. */
export const draftOf = (note: Note): NewNote => {
  const { noteId: _i, createdOn: _c, updatedOn: _u, version: _v, ...draft } = note;
  return draft;
};
