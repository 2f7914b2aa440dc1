/**
 * The storage layer's interface: one NotesStore over SQLite or PostgreSQL (README.md). The http
 * layer codes against these names and shapes; everything is scoped to a learner, and every
 * guarantee (idempotency keys, versions, scoping) is held by the database, not by this process.
 */
import type {
  CourseSummary,
  Note,
  NoteCollection,
  NoteOrder,
  NotesPage,
  ReviewSummary,
} from '../../../src/protocol/api-types.ts';
import { type ConnectOptions, connect } from './connect.ts';
import { addFile, fileByName, fileBytes, type StoredFile } from './files.ts';
import type { Learner } from './learners.ts';
import { migrate } from './migrate.ts';
import {
  courseCollection,
  courseSummaries,
  type FetchQuery,
  fetchNotes,
  fetchNotesByPath,
  fetchNotesByPathJson,
  fetchNotesJson,
  getNote,
  type PathQuery,
  recentNotes,
  type StoredPage,
} from './reads.ts';
import { type RetireResult, retireLearner } from './retire.ts';
import { type RateOutcome, type Rating, rateNote, reviewSummary } from './review.ts';
import type { Db, Engine } from './schema.ts';
import {
  addNote,
  type DeleteOutcome,
  purgeExpiredKeys,
  removeNote,
  type UpdateOutcome,
  updateNote,
} from './writes.ts';

export type { ConnectOptions, Synchronous } from './connect.ts';
export { StoreError } from './connect.ts';
export type { FetchOrder } from './cursor.ts';
export { BadCursorError, decodeCursor } from './cursor.ts';
export type { Learner } from './learners.ts';
export type { FetchQuery, PathQuery, StoredPage } from './reads.ts';
export type { RetireResult } from './retire.ts';
export type { RateOutcome, Rating } from './review.ts';
export { notesArrayJson, UnstorableNoteError } from './rows.ts';
export type { DeleteOutcome, UpdateOutcome } from './writes.ts';
export type { Note, NoteOrder, StoredFile, StoreOptions };

/** The notes database, as the service uses it. */
export type NotesStore = {
  /** Which database this is. */
  readonly engine: Engine;
  /**
   * Stores `note` (id and times already set by the caller). With `key`: if this learner already
   * used the key (not expired, ≥ 24 h kept), stores nothing and returns the note that first add
   * stored with created=false. Concurrent adds with one key, from any number of processes, store
   * exactly one note: the others wait for it and get it (created=false), never an error.
   * A string field holding U+0000 throws UnstorableNoteError (PostgreSQL can't store it).
   */
  add(learner: Learner, note: Note, key: string | null): Promise<{ note: Note; created: boolean }>;
  /**
   * Conditional update: applies `change(current)` only if the stored version equals `version`
   * (compare-and-set in SQL), returning the stored note; change() sets version+1 and updatedOn.
   * Across processes, of N concurrent updates on one version exactly one wins.
   */
  update(
    learner: Learner,
    noteId: string,
    version: number,
    change: (current: Note) => Note,
  ): Promise<UpdateOutcome>;
  /**
   * One review rating (FSRS through src/review/schedule.ts) of a note in review. With `key`, as an
   * add's: the same learner's live key again answers the note as that first rating left it
   * (replayed) and schedules nothing; concurrent ones with one key rate once. A note not found is
   * `missing`; one not in review is `not-in-review` (nothing written either way).
   */
  rate(learner: Learner, rating: Rating, key: string | null): Promise<RateOutcome>;
  /** The Review tab's counts as of `dueBy` (ISO, toISOString's form). */
  reviewSummary(learner: Learner, dueBy: string): Promise<ReviewSummary>;
  /** Deletes; `version` null = unconditional. */
  remove(learner: Learner, noteId: string, version: number | null): Promise<DeleteOutcome>;
  get(learner: Learner, noteId: string): Promise<Note | null>;
  /** A cursor page; a cursor that is not one of ours throws BadCursorError (a 400). */
  fetch(learner: Learner, query: FetchQuery): Promise<NotesPage>;
  /** `fetch` with its notes as stored (reads.ts StoredPage), for the answer: written out by notesArrayJson. */
  fetchJson(learner: Learner, query: FetchQuery): Promise<StoredPage>;
  fetchByPath(learner: Learner, query: PathQuery): Promise<NotesPage>;
  fetchByPathJson(learner: Learner, query: PathQuery): Promise<StoredPage>;
  /** The 20 newest (by creation). */
  recent(learner: Learner): Promise<Note[]>;
  courses(learner: Learner): Promise<CourseSummary[]>;
  /** Never null today: a course without notes is an empty module list, as the mock answers. */
  collection(learner: Learner, courseId: string, moduleId: string | null): Promise<NoteCollection | null>;
  /** Uploaded files: recorded per learner for the quota and for retire. */
  addFile(learner: Learner, file: StoredFile): Promise<void>;
  fileBytes(learner: Learner): Promise<number>;
  fileByName(name: string): Promise<StoredFile | null>;
  /** Erases the learner's notes, keys and file records (the caller deletes the files it names). */
  retire(learner: Learner): Promise<RetireResult>;
  /** Whether the database answers (for /readyz). */
  ready(): Promise<boolean>;
  /** Closes the connection (or pool); calling it again is harmless. */
  close(): Promise<void>;
};

/** How to open a store. */
type StoreOptions = ConnectOptions & {
  /** The clock that ages Idempotency-Keys (default: the system's). */
  now?: () => Date;
};

/** The checkpointer's connection first, so the service's is the last and its close checkpoints the WAL away. */
async function closeDb(db: Db): Promise<void> {
  await db.release?.();
  await db.kysely.destroy();
}

/** Expired keys are swept at open and after every this many keyed adds of this process. */
const PURGE_EVERY = 1000;

/**
 * Opens (and migrates) the database named by `url`: a file path (SQLite) or postgres://… Refuses,
 * with a StoreError, a database newer than this code or a file that is not a notes database.
 */
export async function openStore(url: string, options: StoreOptions = {}): Promise<NotesStore> {
  const now = options.now ?? (() => new Date());
  const db = await connect(url, { groupCommit: true, ...options });
  try {
    await migrate(db);
    await purgeExpiredKeys(db, now());
  } catch (e) {
    await closeDb(db);
    throw e;
  }
  let keyedAdds = 0;
  let closing: Promise<void> | undefined;
  return {
    engine: db.engine,
    async add(learner, note, key) {
      const result = await addNote(db, now, learner, note, key);
      if (key !== null && ++keyedAdds % PURGE_EVERY === 0) await purgeExpiredKeys(db, now());
      return result;
    },
    update: (learner, noteId, version, change) => updateNote(db, learner, noteId, version, change),
    async rate(learner, rating, key) {
      const result = await rateNote(db, now, learner, rating, key);
      if (key !== null && ++keyedAdds % PURGE_EVERY === 0) await purgeExpiredKeys(db, now());
      return result;
    },
    reviewSummary: (learner, dueBy) => reviewSummary(db, learner, dueBy),
    remove: (learner, noteId, version) => removeNote(db, learner, noteId, version),
    get: (learner, noteId) => getNote(db, learner, noteId),
    fetch: (learner, query) => fetchNotes(db, learner, query),
    fetchJson: (learner, query) => fetchNotesJson(db, learner, query),
    fetchByPath: (learner, query) => fetchNotesByPath(db, learner, query),
    fetchByPathJson: (learner, query) => fetchNotesByPathJson(db, learner, query),
    recent: (learner) => recentNotes(db, learner),
    courses: (learner) => courseSummaries(db, learner),
    collection: (learner, courseId, moduleId) => courseCollection(db, learner, courseId, moduleId),
    addFile: (learner, file) => addFile(db, learner, file),
    fileBytes: (learner) => fileBytes(db, learner),
    fileByName: (name) => fileByName(db, name),
    retire: (learner) => retireLearner(db, learner),
    async ready() {
      try {
        await db.kysely.selectFrom('schema_migrations').select('version').limit(1).execute();
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= closeDb(db);
      return closing;
    },
  };
}
