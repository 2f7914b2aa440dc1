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
  getNote,
  type PathQuery,
  recentNotes,
} from './reads.ts';
import { type RetireResult, retireLearner } from './retire.ts';
import type { Engine } from './schema.ts';
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
export { BadCursorError, decodeCursor } from './cursor.ts';
export type { Learner } from './learners.ts';
export type { FetchQuery, PathQuery } from './reads.ts';
export type { RetireResult } from './retire.ts';
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
  /** Deletes; `version` null = unconditional. */
  remove(learner: Learner, noteId: string, version: number | null): Promise<DeleteOutcome>;
  get(learner: Learner, noteId: string): Promise<Note | null>;
  /** A cursor page; a cursor that is not one of ours throws BadCursorError (a 400). */
  fetch(learner: Learner, query: FetchQuery): Promise<NotesPage>;
  fetchByPath(learner: Learner, query: PathQuery): Promise<NotesPage>;
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
  close(): Promise<void>;
};

/** How to open a store. */
type StoreOptions = ConnectOptions & {
  /** The clock that ages Idempotency-Keys (default: the system's). */
  now?: () => Date;
};

/** Expired keys are swept at open and after every this many keyed adds of this process. */
const PURGE_EVERY = 1000;

/**
 * Opens (and migrates) the database named by `url`: a file path (SQLite) or postgres://… Refuses,
 * with a StoreError, a database newer than this code or a file that is not a notes database.
 */
export async function openStore(url: string, options: StoreOptions = {}): Promise<NotesStore> {
  const now = options.now ?? (() => new Date());
  const db = await connect(url, options);
  try {
    await migrate(db);
    await purgeExpiredKeys(db, now());
  } catch (e) {
    await db.kysely.destroy();
    throw e;
  }
  let keyedAdds = 0;
  return {
    engine: db.engine,
    async add(learner, note, key) {
      const result = await addNote(db, now, learner, note, key);
      if (key !== null && ++keyedAdds % PURGE_EVERY === 0) await purgeExpiredKeys(db, now());
      return result;
    },
    update: (learner, noteId, version, change) => updateNote(db, learner, noteId, version, change),
    remove: (learner, noteId, version) => removeNote(db, learner, noteId, version),
    get: (learner, noteId) => getNote(db, learner, noteId),
    fetch: (learner, query) => fetchNotes(db, learner, query),
    fetchByPath: (learner, query) => fetchNotesByPath(db, learner, query),
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
    close: () => db.kysely.destroy(),
  };
}
