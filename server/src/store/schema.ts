/**
 * The tables as Kysely sees them, the same on SQLite and PostgreSQL (README.md "Schema"). Times are
 * ISO-8601 text compared as text (as the API compares them); PostgreSQL's `bigint` comes back as a
 * string, hence `number | string` where it is read, converted once in rows.ts.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

/** One row per learner (rootOrg, org, wid); notes, keys and files point at its integer id. */
export type LearnersTable = { id: Generated<number>; root_org: string; org: string; wid: string };

/**
 * A note as stored: the API fields, plus `search` (the folded haystack the mock's search looks in)
 * and `tag_keys` (each tag's `tagKey` between newlines), both computed in JS when written.
 */
export type NotesTable = {
  learner_id: number;
  note_id: string;
  ref_id: string;
  module_id: string | null;
  course_id: string | null;
  ref_title: string;
  module_title: string | null;
  course_title: string | null;
  domain: string;
  app_ref: string | null;
  display_name: string;
  content: string;
  text: string;
  /** JSON of the anchor, or null. */
  anchor: string | null;
  /** JSON array of the tags as given. */
  tags: string;
  tag_keys: string;
  search: string;
  created_on: string;
  updated_on: string;
  version: number;
  /** The learner's "Review this note" checkbox, 0 or 1 (both engines store it as an integer). */
  in_review: ColumnType<number, number | undefined, number>;
  /** 1 when the note is in review (isInReview: the checkbox, or a cloze in content), computed when written. */
  review_active: ColumnType<number, number | undefined, number>;
  /** JSON of the note's ReviewCard, or null before its first rating; kept when the note leaves review. */
  review_card: string | null;
  /**
   * When the note is due (ISO text, indexed): its card's due, or, never rated, when it entered
   * review; null when it is not in review.
   */
  review_due: string | null;
};

/** An add's Idempotency-Key and the note (JSON) that add stored, kept even if the note changes. */
export type IdempotencyKeysTable = {
  learner_id: number;
  key: string;
  note_id: string;
  note: string;
  /** When the key's life began: Date.parse of the stored note's createdOn (ms). */
  stored_ms: ColumnType<number | string, number, number>;
};

/** An uploaded file, for the per-learner quota and for retire. */
export type FilesTable = {
  name: string;
  learner_id: number;
  size: ColumnType<number | string, number, number>;
  type: string;
  created_on: string;
};

/** Which numbered migrations this database has had. */
export type SchemaMigrationsTable = { version: number; name: string; applied_on: string };

/** The whole database. */
export type Database = {
  learners: LearnersTable;
  notes: NotesTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  schema_migrations: SchemaMigrationsTable;
};

/** Which engine a connection talks to; a few statements differ (row locks, instr vs strpos). */
export type Engine = 'sqlite' | 'postgres';

/**
 * A connection with the engine it talks to; `durable`, when set (SQLite's group commit,
 * wal-sync.ts), must be awaited after a write transaction commits and before it is answered;
 * `release`, when set (the checkpointer and the kept WAL handle), is awaited before it is closed.
 */
export type Db = {
  kysely: Kysely<Database>;
  engine: Engine;
  durable?: () => Promise<void>;
  release?: () => Promise<void>;
};
