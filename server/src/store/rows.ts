/**
 * Notes to rows and back. The one place that knows how a Note's fields sit in the `notes` table,
 * including the derived search columns (search-columns.ts).
 */
import type { Selectable } from 'kysely';
import type { Note, NoteAnchor } from '../../../src/protocol/api-types.ts';
import type { NotesTable } from './schema.ts';
import { searchColumn, tagKeysColumn } from './search-columns.ts';

/** The columns of a note row except its owner. */
export type NoteColumns = Omit<NotesTable, 'learner_id'>;

/** A note's columns, with `search` and `tag_keys` computed from it. */
export const noteColumns = (note: Note): NoteColumns => ({
  note_id: note.noteId,
  ref_id: note.refId,
  module_id: note.moduleId,
  course_id: note.courseId,
  ref_title: note.refTitle,
  module_title: note.moduleTitle,
  course_title: note.courseTitle,
  domain: note.domain,
  app_ref: note.appRef,
  display_name: note.displayName,
  content: note.content,
  text: note.text,
  anchor: note.anchor === null ? null : JSON.stringify(note.anchor),
  tags: JSON.stringify(note.tags),
  tag_keys: tagKeysColumn(note),
  search: searchColumn(note),
  created_on: note.createdOn,
  updated_on: note.updatedOn,
  version: note.version,
});

/** The columns a read selects: everything a Note needs (not the derived search columns). */
export const NOTE_FIELDS = [
  'note_id',
  'ref_id',
  'module_id',
  'course_id',
  'ref_title',
  'module_title',
  'course_title',
  'domain',
  'app_ref',
  'display_name',
  'content',
  'text',
  'anchor',
  'tags',
  'created_on',
  'updated_on',
  'version',
] as const;

/** A row as read with NOTE_FIELDS. */
export type NoteRow = Pick<Selectable<NotesTable>, (typeof NOTE_FIELDS)[number]>;

/** The Note a row holds, fields in the API's order. */
export const noteOf = (r: NoteRow): Note => ({
  noteId: r.note_id,
  refId: r.ref_id,
  moduleId: r.module_id,
  courseId: r.course_id,
  refTitle: r.ref_title,
  moduleTitle: r.module_title,
  courseTitle: r.course_title,
  domain: r.domain,
  appRef: r.app_ref,
  displayName: r.display_name,
  content: r.content,
  text: r.text,
  anchor: r.anchor === null ? null : (JSON.parse(r.anchor) as NoteAnchor),
  tags: JSON.parse(r.tags) as string[],
  createdOn: r.created_on,
  updatedOn: r.updated_on,
  version: Number(r.version),
});
