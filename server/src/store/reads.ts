/**
 * The reads: both fetches, recent notes, the course list and a collection, each scoped to one
 * learner inside its own SQL. Orders are the mock's (harness/api/query.ts): newest / oldest by
 * createdOn, updated by updatedOn, ties by noteId ascending; each has an index that starts with the
 * learner, so a first page is a short index walk.
 */
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type {
  CourseSummary,
  Note,
  NoteCollection,
  NoteOrder,
  NotesPage,
} from '../../../src/protocol/api-types.ts';
import { collectCourse, listCourses } from './collections.ts';
import {
  BadCursorError,
  type CursorPosition,
  decodeCursor,
  encodeCursor,
  type FetchOrder,
} from './cursor.ts';
import { type Learner, learnerIdQuery } from './learners.ts';
import { noteOfStored, type StoredNote, withNotes } from './rows.ts';
import type { Database, Db } from './schema.ts';
import { fold, tagNeedle } from './search-columns.ts';

/** A parsed POST /notes/fetch filter (validated by the http layer, like the mock's FetchQuery). */
export type FetchQuery = {
  /** Absent, null or '' = any (as the mock's validator makes them). */
  refId?: string;
  moduleId?: string;
  courseId?: string;
  query?: string;
  tags?: string[];
  /** `due` lists only notes in review (a note out of review has no due date), soonest first. */
  order: FetchOrder;
  /** `in`: notes in review; `due`: those due by `dueBy`. */
  review?: 'in' | 'due';
  /** ISO (toISOString's form), required with review `due`. */
  dueBy?: string;
  limit: number;
  /** Opaque, as returned in nextCursor; a bad one throws BadCursorError. */
  cursor?: string;
};

/** The 7-parameter GET /notes/fetch/{courseId}/{moduleId}/{refId}/{flag}/{limit}/{offset}/{order}; null = '-'. */
export type PathQuery = {
  courseId: string | null;
  moduleId: string | null;
  refId: string | null;
  /** true (1): the addressed item and everything under it; false (0): notes on the item itself. */
  flag: boolean;
  limit: number;
  offset: number;
  order: NoteOrder;
};

/** A page with its notes as stored (rows.ts StoredNote), for the answer (notesArrayJson). */
export type StoredPage = { notes: StoredNote[]; total: number; nextCursor: string | null };

/** The same page with its notes parsed, for callers that need Note objects. */
const parsedPage = (page: StoredPage): NotesPage => ({ ...page, notes: page.notes.map(noteOfStored) });

/** How many notes `recent` returns. */
export const RECENT_COUNT = 20;

type NotesQuery = SelectQueryBuilder<Database, 'notes', object>;

const sortColumn = (order: FetchOrder) =>
  order === 'updated' ? 'updated_on' : order === 'due' ? 'review_due' : 'created_on';

/** Orders whose sort key ascends (the others descend); noteId ascends in every order. */
const ascends = (order: FetchOrder): boolean => order === 'oldest' || order === 'due';

const ownNotes = (db: Db, learner: Learner): NotesQuery =>
  db.kysely.selectFrom('notes').where('learner_id', '=', learnerIdQuery(db.kysely, learner));

const inOrder = <O>(
  q: SelectQueryBuilder<Database, 'notes', O>,
  order: FetchOrder,
): SelectQueryBuilder<Database, 'notes', O> =>
  q.orderBy(sortColumn(order), ascends(order) ? 'asc' : 'desc').orderBy('note_id', 'asc');

/** Strictly after `p` in its order (written with a plain range first, so the index seeks to it). */
const after = (p: CursorPosition) => (eb: ExpressionBuilder<Database, 'notes'>) => {
  const col = sortColumn(p.order);
  const beyond = ascends(p.order) ? '>' : '<';
  return eb.and([
    eb(col, ascends(p.order) ? '>=' : '<=', p.key),
    eb.or([eb(col, beyond, p.key), eb.and([eb(col, '=', p.key), eb('note_id', '>', p.noteId)])]),
  ]);
};

const contains = (db: Db, column: 'search' | 'tag_keys', needle: string) =>
  db.engine === 'postgres'
    ? sql<boolean>`strpos(${sql.ref(column)}, ${needle}) > 0`
    : sql<boolean>`instr(${sql.ref(column)}, ${needle}) > 0`;

const countOf = async (q: NotesQuery): Promise<number> =>
  Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A cursor page of the learner's notes matching the filter, parsed (fetchNotesJson). */
export const fetchNotes = async (db: Db, learner: Learner, f: FetchQuery): Promise<NotesPage> =>
  parsedPage(await fetchNotesJson(db, learner, f));

/** A cursor page of the learner's notes matching the filter; `total` counts every match. */
export async function fetchNotesJson(db: Db, learner: Learner, f: FetchQuery): Promise<StoredPage> {
  let position: CursorPosition | null = null;
  if (f.cursor !== undefined && f.cursor !== null) {
    const decoded = decodeCursor(f.cursor, f.order);
    if (!decoded.ok) throw new BadCursorError(decoded.error);
    position = decoded.position;
  }
  let q = ownNotes(db, learner);
  if (f.refId) q = q.where('ref_id', '=', f.refId);
  if (f.moduleId) q = q.where('module_id', '=', f.moduleId);
  if (f.courseId) q = q.where('course_id', '=', f.courseId);
  for (const tag of new Set((f.tags ?? []).map(tagNeedle))) q = q.where(contains(db, 'tag_keys', tag));
  const query = f.query?.trim() ?? '';
  if (query !== '') q = q.where(contains(db, 'search', fold(query)));
  if (f.review !== undefined || f.order === 'due') q = q.where('review_active', '=', 1);
  if (f.review === 'due') q = q.where('review_due', '<=', f.dueBy ?? new Date().toISOString());
  const paged = position === null ? q : q.where(after(position));
  const page = query !== '' ? await searchPage(db, learner, paged, f) : await plainPage(db, paged, f);
  // A first page that holds every match is its own count: a narrow search costs one pass, not two.
  const total = position === null && !page.more ? page.rows.length : await countOf(q);
  const nextCursor = page.more && page.last ? encodeCursor(page.last) : null;
  return { notes: page.rows.map((r) => r.note), total, nextCursor };
}

/** At most `limit` rows of a fetch, whether more follow, and the cursor position after the last. */
type Page = { rows: { note: StoredNote }[]; more: boolean; last: CursorPosition | null };

/** A page in one statement: the filter's rows in order, one more than the page to know if more follow. */
async function plainPage(db: Db, matching: NotesQuery, f: FetchQuery): Promise<Page> {
  const rows = await withNotes(
    inOrder(matching.select(['note_id', 'created_on', sortColumn(f.order)]), f.order).limit(f.limit + 1),
    db.engine,
  );
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    more: rows.length > f.limit,
    last: last ? { order: f.order, key: keyOf(f.order, last), noteId: last.note_id } : null,
  };
}

/**
 * A search's page in two steps: the ids (and sort keys) of the page's notes in order, then those
 * notes by key. On SQLite the first step reads only the index that holds the folded text
 * (migration 4) in `newest` order, stopping at a page of matches, instead of a table row per note
 * looked at. The cursor comes from the first step, so a note deleted between the two is only
 * missing from this page, never a reason to skip the next.
 */
async function searchPage(db: Db, learner: Learner, matching: NotesQuery, f: FetchQuery): Promise<Page> {
  const column = sortColumn(f.order);
  const keys = await inOrder(matching.select(['note_id', column]), f.order)
    .limit(f.limit + 1)
    .execute();
  const ids = keys.slice(0, f.limit);
  const last = ids[ids.length - 1];
  const found =
    ids.length === 0
      ? []
      : await withNotes(
          ownNotes(db, learner)
            .where(
              'note_id',
              'in',
              ids.map((r) => r.note_id),
            )
            .select('note_id'),
          db.engine,
        );
  const byId = new Map(found.map((r) => [r.note_id, r]));
  return {
    rows: ids.flatMap((r) => byId.get(r.note_id) ?? []),
    more: keys.length > f.limit,
    last: last ? { order: f.order, key: keyOf(f.order, last), noteId: last.note_id } : null,
  };
}

/**
 * The sort key of a page's last row, for its cursor: its order's column (sortColumn), else its
 * creation time. One rule for both page shapes: a plain page's full row, a search page's keys.
 */
const keyOf = (order: FetchOrder, row: { created_on?: string; [column: string]: unknown }): string =>
  String(row[sortColumn(order)] ?? row.created_on ?? '');

/** An offset page for the GET fetch, parsed (fetchNotesByPathJson). */
export const fetchNotesByPath = async (db: Db, learner: Learner, p: PathQuery): Promise<NotesPage> =>
  parsedPage(await fetchNotesByPathJson(db, learner, p));

/**
 * An offset page for the GET fetch. Each given id must match; with flag 0 the note's refId must also
 * be the most specific id given (notes on that item itself). `nextCursor` is the next offset or null.
 */
export async function fetchNotesByPathJson(db: Db, learner: Learner, p: PathQuery): Promise<StoredPage> {
  let q = ownNotes(db, learner);
  if (p.courseId !== null) q = q.where('course_id', '=', p.courseId);
  if (p.moduleId !== null) q = q.where('module_id', '=', p.moduleId);
  if (p.refId !== null) q = q.where('ref_id', '=', p.refId);
  const target = p.refId ?? p.moduleId ?? p.courseId;
  if (!p.flag && target !== null) q = q.where('ref_id', '=', target);
  const total = await countOf(q);
  const rows = await withNotes(
    inOrder(q.select('note_id'), p.order).limit(p.limit).offset(p.offset),
    db.engine,
  );
  const next = p.offset + p.limit;
  return { notes: rows.map((r) => r.note), total, nextCursor: next < total ? String(next) : null };
}

/** The learner's 20 newest notes (by creation). */
export async function recentNotes(db: Db, learner: Learner): Promise<Note[]> {
  const rows = await withNotes(
    inOrder(ownNotes(db, learner).select('note_id'), 'newest').limit(RECENT_COUNT),
    db.engine,
  );
  return rows.map((r) => noteOfStored(r.note));
}

/** The learner's courses that have notes, most recently touched first. */
export async function courseSummaries(db: Db, learner: Learner): Promise<CourseSummary[]> {
  const rows = await inOrder(
    ownNotes(db, learner)
      .where('course_id', 'is not', null)
      .select(['course_id', 'course_title', 'updated_on']),
    'newest',
  ).execute();
  return listCourses(
    rows.map((r) => ({ courseId: r.course_id, courseTitle: r.course_title, updatedOn: r.updated_on })),
  );
}

/** A course's notes grouped module → resource (`moduleId` null: the whole course); never null today. */
export async function courseCollection(
  db: Db,
  learner: Learner,
  courseId: string,
  moduleId: string | null,
): Promise<NoteCollection> {
  let q = ownNotes(db, learner).where('course_id', '=', courseId);
  if (moduleId !== null) q = q.where('module_id', '=', moduleId);
  const rows = await withNotes(inOrder(q.select('note_id'), 'oldest'), db.engine);
  return collectCourse(
    rows.map((r) => noteOfStored(r.note)),
    courseId,
  );
}

/** One note of the learner's, or null. */
export async function getNote(db: Db, learner: Learner, noteId: string): Promise<Note | null> {
  const [row] = await withNotes(
    ownNotes(db, learner).select('note_id').where('note_id', '=', noteId),
    db.engine,
  );
  return row ? noteOfStored(row.note) : null;
}
