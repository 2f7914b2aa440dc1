/**
 * Notes to rows and back. The one place that knows how a Note's fields sit in the `notes` table,
 * including the derived search columns (search-columns.ts).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Note } from '../../../src/protocol/api-types.ts';
import { isInReview } from '../../../src/protocol/review-rules.ts';
import type { Engine, NotesTable } from './schema.ts';
import { searchColumn, tagKeysColumn } from './search-columns.ts';

/** The columns of a note row except its owner, as written (every one given). */
export type NoteColumns = Omit<NotesTable, 'learner_id' | 'in_review' | 'review_active'> & {
  in_review: number;
  review_active: number;
};

/** A note the database can't hold as given; the http layer answers it as a 400. */
export class UnstorableNoteError extends Error {
  override name = 'UnstorableNoteError';
}

const NUL = '\u0000';

/** PostgreSQL text can't hold U+0000 (SQLite can): refused on both, so the engines never differ. */
function refuseNul(note: Note): void {
  for (const [field, value] of Object.entries(note)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes(NUL))) {
      throw new UnstorableNoteError(`${field} contains the character U+0000, which notes can't store`);
    }
  }
}

/** Where a stored note stood in review before a write: whether it was in, and its due date. */
export type ReviewBefore = { active: boolean; due: string | null };

/**
 * The review columns of `note` as written over `before` (null: a new note). In review
 * (isInReview) is computed here, at write time. Staying in review keeps the due date (an edit keeps
 * the schedule); entering it is due at the card's due (a card kept from an earlier spell) or, never
 * rated, at the write's updatedOn; leaving it clears the due date but keeps the card.
 */
export function reviewColumns(
  note: Note,
  before: ReviewBefore | null,
): Pick<NoteColumns, 'in_review' | 'review_active' | 'review_card' | 'review_due'> {
  const active = isInReview({ inReview: note.inReview === true, content: note.content });
  const card = note.review ?? null;
  const due = !active
    ? null
    : before?.active && before.due !== null
      ? before.due
      : (card?.due ?? note.updatedOn);
  return {
    in_review: note.inReview === true ? 1 : 0,
    review_active: active ? 1 : 0,
    review_card: card === null ? null : JSON.stringify(card),
    review_due: due,
  };
}

/**
 * A note's columns, with `search`, `tag_keys` and the review columns computed from it (over
 * `before`, where the note stood in review; null for a new note); U+0000 anywhere is refused.
 */
export const noteColumns = (note: Note, before: ReviewBefore | null = null): NoteColumns => {
  refuseNul(note);
  return { ...columnsOf(note), ...reviewColumns(note, before) };
};

const columnsOf = (note: Note): Omit<NoteColumns, keyof ReturnType<typeof reviewColumns>> => ({
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

/** The JSON text of one stored note (noteJson's output): trusted, since only this service wrote the row. */
export type NoteJson = string & { readonly __noteJson: true };

/** Each field of a Note, in the API's order, and the SQL of its value in `engine`'s JSON. */
const jsonFields = (engine: Engine): [string, RawBuilder<unknown>][] => {
  const json = (column: string) =>
    engine === 'postgres' ? sql`${sql.ref(column)}::json` : sql`json(${sql.ref(column)})`;
  const column = (name: string) => sql`${sql.ref(name)}`;
  return [
    ['noteId', column('note_id')],
    ['refId', column('ref_id')],
    ['moduleId', column('module_id')],
    ['courseId', column('course_id')],
    ['refTitle', column('ref_title')],
    ['moduleTitle', column('module_title')],
    ['courseTitle', column('course_title')],
    ['domain', column('domain')],
    ['appRef', column('app_ref')],
    ['displayName', column('display_name')],
    ['content', column('content')],
    ['text', column('text')],
    ['anchor', json('anchor')],
    ['tags', json('tags')],
    ['createdOn', column('created_on')],
    ['updatedOn', column('updated_on')],
    ['version', column('version')],
    ['inReview', engine === 'postgres' ? sql`in_review = 1` : sql`json(iif(in_review = 1, 'true', 'false'))`],
    ['review', json('review_card')],
  ];
};

/**
 * A note as the database writes it out: the API's JSON text of the note, fields in the API's order,
 * built by SQL (SQLite's json_object, PostgreSQL's json_build_object). A page of notes is then
 * 50 strings joined into the answer, not 50 rows of 19 values turned into objects and serialized
 * again: under load that was a third of a first page's CPU (budgets.md, issue 25). The one place
 * that knows how a stored row reads as a Note; `noteFromJson` parses it where an object is needed.
 */
export const noteJson = (engine: Engine): RawBuilder<NoteJson> => NOTE_JSON[engine];

const noteJsonOf = (engine: Engine): RawBuilder<NoteJson> => {
  const args = sql.join(jsonFields(engine).flatMap(([name, value]) => [sql.lit(name), value]));
  return engine === 'postgres'
    ? sql<NoteJson>`json_build_object(${args})::text`
    : sql<NoteJson>`json_object(${args})`;
};

/** Built once per engine (a builder is immutable), not per query. */
const NOTE_JSON: Record<Engine, RawBuilder<NoteJson>> = {
  sqlite: noteJsonOf('sqlite'),
  postgres: noteJsonOf('postgres'),
};

/** The Note a noteJson text holds. */
export const noteFromJson = (json: NoteJson): Note => JSON.parse(json) as Note;

/** A note kept as JSON with an Idempotency-Key; those stored before review lack its two fields. */
export const storedAnswer = (json: string): Note => ({
  inReview: false,
  review: null,
  ...(JSON.parse(json) as Note),
});
