/**
 * Notes to rows and back. The one place that knows how a Note's fields sit in the `notes` table,
 * including the derived search columns (search-columns.ts).
 */
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Note, NoteAnchor, ReviewCard } from '../../../src/protocol/api-types.ts';
import { isInReview } from '../../../src/protocol/review-rules.ts';
import type { Database, Engine, NotesTable } from './schema.ts';
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

/** The JSON text of one stored note, as SQLite writes it out: trusted, since only this service wrote the row. */
export type NoteJson = string & { readonly __noteJson: true };

/**
 * A note as a read gives it: SQLite's JSON text (joined into an answer as it is) or, on
 * PostgreSQL, the Note (serialized with the rest of its page).
 */
export type StoredNote = NoteJson | Note;

/**
 * How a column reads as a Note field: `value` as it is (text, or the version's number), `json` as
 * the JSON text stored in it (anchor, tags, the card), or `flag` (0/1 as false/true).
 */
type FieldKind = 'value' | 'json' | 'flag';

/** The columns a read selects for a note, in the API's field order. */
const NOTE_COLUMNS = [
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
  'in_review',
  'review_card',
] as const;

type NoteColumn = (typeof NOTE_COLUMNS)[number];

/** Each column's Note field and kind, for SQLite's JSON; `noteOf` is PostgreSQL's twin, and the store tests hold the two alike. */
const FIELD_OF: Record<NoteColumn, [string, FieldKind]> = {
  note_id: ['noteId', 'value'],
  ref_id: ['refId', 'value'],
  module_id: ['moduleId', 'value'],
  course_id: ['courseId', 'value'],
  ref_title: ['refTitle', 'value'],
  module_title: ['moduleTitle', 'value'],
  course_title: ['courseTitle', 'value'],
  domain: ['domain', 'value'],
  app_ref: ['appRef', 'value'],
  display_name: ['displayName', 'value'],
  content: ['content', 'value'],
  text: ['text', 'value'],
  anchor: ['anchor', 'json'],
  tags: ['tags', 'json'],
  created_on: ['createdOn', 'value'],
  updated_on: ['updatedOn', 'value'],
  version: ['version', 'value'],
  in_review: ['inReview', 'flag'],
  review_card: ['review', 'json'],
};

/**
 * SQLite writes a note's JSON itself (json_object): one text per row instead of 19 values that
 * better-sqlite3 turns into an object, which was about a third of a first page's CPU under the
 * bench's load (budgets.md, issue 25).
 */
const SQLITE_NOTE_JSON = sql<NoteJson>`json_object(${sql.join(
  NOTE_COLUMNS.flatMap((column) => {
    const [name, kind] = FIELD_OF[column];
    const value =
      kind === 'json'
        ? sql`json(${sql.ref(column)})`
        : kind === 'flag'
          ? sql`json(iif(${sql.ref(column)} = 1, 'true', 'false'))`
          : sql.ref(column);
    return [sql.lit(name), value];
  }),
)})`;

/** A row with the note's columns. */
type NoteRow = Pick<Selectable<NotesTable>, NoteColumn>;

/**
 * The Note a row holds, for PostgreSQL, whose rows are written out here (JSON.stringify of this):
 * its json_build_object measured ≈ 10 % slower under load, its processes sharing the CPUs with
 * the service, and a loop over FIELD_OF slower still. A literal, so every note has one shape.
 */
const noteOf = (r: NoteRow): Note => ({
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
  inReview: Number(r.in_review) === 1,
  review: r.review_card === null ? null : (JSON.parse(r.review_card) as ReviewCard),
});

/**
 * Runs `q` (a select from `notes`) with each row's note added as `note` (StoredNote: SQLite's JSON
 * text, PostgreSQL's Note), fields in the API's order: how every read gets its notes. The fetch
 * routes write a page's notes out with `notesArrayJson`; `noteOfStored` gives a Note where one is needed.
 */
export async function withNotes<O>(
  q: SelectQueryBuilder<Database, 'notes', O>,
  engine: Engine,
): Promise<(O & { note: StoredNote })[]> {
  if (engine === 'sqlite') {
    return (await q.select(SQLITE_NOTE_JSON.as('note')).execute()) as (O & { note: NoteJson })[];
  }
  const rows = (await q.select(NOTE_COLUMNS).execute()) as (O & NoteRow & { note: Note })[];
  for (const row of rows) row.note = noteOf(row); // in place: no copy per row
  return rows;
}

/** The Note a stored note holds. */
export const noteOfStored = (n: StoredNote): Note => (typeof n === 'string' ? (JSON.parse(n) as Note) : n);

/** Stored notes as one JSON array text: SQLite's texts joined, PostgreSQL's objects serialized at once. */
export const notesArrayJson = (notes: readonly StoredNote[]): string =>
  notes.every((n) => typeof n === 'string')
    ? `[${notes.join(',')}]`
    : JSON.stringify(notes.map(noteOfStored));

/** A note kept as JSON with an Idempotency-Key; those stored before review lack its two fields. */
export const storedAnswer = (json: string): Note => ({
  inReview: false,
  review: null,
  ...(JSON.parse(json) as Note),
});
