/**
 * The numbered migrations (README.md "Migrations"). The rule: a migration only adds (tables,
 * columns, indexes, rows it can derive); it never drops or rewrites data, and a shipped one is never
 * edited. A test holds the first rule by reading this file for drop/delete/truncate.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { hasCloze } from '../../../src/protocol/review-rules.ts';
import type { Database, Engine } from './schema.ts';

/** One step of the schema, run inside the migration's transaction. */
export type Migration = {
  version: number;
  name: string;
  up(db: Kysely<Database> | Transaction<Database>, engine: Engine): Promise<void>;
};

/** Text compared byte by byte (code point order, as the API's sort and tie-break): PostgreSQL's "C". */
const orderedText = (engine: Engine) => (engine === 'postgres' ? sql`text collate "C"` : sql`text`);

/** The migrations in order; the last one's version is the schema this code needs. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'learners, notes and idempotency keys',
    async up(db, engine) {
      const id =
        engine === 'postgres'
          ? db.schema
              .createTable('learners')
              .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
          : db.schema.createTable('learners').addColumn('id', 'integer', (c) => c.primaryKey());
      await id
        .addColumn('root_org', 'text', (c) => c.notNull())
        .addColumn('org', 'text', (c) => c.notNull())
        .addColumn('wid', 'text', (c) => c.notNull())
        .addUniqueConstraint('learners_identity', ['root_org', 'org', 'wid'])
        .execute();
      const ordered = orderedText(engine);
      await db.schema
        .createTable('notes')
        .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id'))
        .addColumn('note_id', ordered, (c) => c.notNull())
        .addColumn('ref_id', 'text', (c) => c.notNull())
        .addColumn('module_id', 'text')
        .addColumn('course_id', 'text')
        .addColumn('ref_title', 'text', (c) => c.notNull())
        .addColumn('module_title', 'text')
        .addColumn('course_title', 'text')
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('app_ref', 'text')
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text')
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('tag_keys', 'text', (c) => c.notNull())
        .addColumn('search', 'text', (c) => c.notNull())
        .addColumn('created_on', ordered, (c) => c.notNull())
        .addColumn('updated_on', ordered, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notes_pk', ['learner_id', 'note_id'])
        .execute();
      // One index per order (newest, oldest, updated) so a first page is an index walk that stops
      // after `limit` rows; the tie-break noteId ascends in all three, hence two for createdOn.
      await db.schema
        .createIndex('notes_newest')
        .on('notes')
        .columns(['learner_id', 'created_on desc', 'note_id'])
        .execute();
      await db.schema
        .createIndex('notes_oldest')
        .on('notes')
        .columns(['learner_id', 'created_on', 'note_id'])
        .execute();
      await db.schema
        .createIndex('notes_updated')
        .on('notes')
        .columns(['learner_id', 'updated_on desc', 'note_id'])
        .execute();
      await db.schema.createIndex('notes_by_ref').on('notes').columns(['learner_id', 'ref_id']).execute();
      await db.schema
        .createIndex('notes_by_course')
        .on('notes')
        .columns(['learner_id', 'course_id', 'module_id'])
        .execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('note_id', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('stored_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['learner_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_age')
        .on('idempotency_keys')
        .column('stored_ms')
        .execute();
    },
  },
  {
    version: 2,
    name: 'uploaded files',
    async up(db) {
      await db.schema
        .createTable('files')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('learner_id', 'integer', (c) => c.notNull().references('learners.id'))
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_on', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_by_learner').on('files').column('learner_id').execute();
    },
  },
  {
    version: 3,
    name: 'review: the checkbox, the FSRS card and the due date',
    async up(db, engine) {
      await db.schema
        .alterTable('notes')
        .addColumn('in_review', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('notes')
        .addColumn('review_active', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('notes').addColumn('review_card', 'text').execute();
      await db.schema.alterTable('notes').addColumn('review_due', orderedText(engine)).execute();
      // The due list and the summary: a range over one learner's due dates, ties by noteId.
      await db.schema
        .createIndex('notes_review_due')
        .on('notes')
        .columns(['learner_id', 'review_due', 'note_id'])
        .execute();
      // A note stored before review whose content already hides words is in review from now on,
      // due from its last change (computed from what is there, as the rule allows).
      const candidates = await db
        .selectFrom('notes')
        .select(['learner_id', 'note_id', 'content', 'updated_on'])
        .where('content', 'like', '%cloze%')
        .execute();
      for (const n of candidates.filter((c) => hasCloze(c.content))) {
        await db
          .updateTable('notes')
          .set({ review_active: 1, review_due: n.updated_on })
          .where('learner_id', '=', n.learner_id)
          .where('note_id', '=', n.note_id)
          .execute();
      }
    },
  },
  {
    version: 4,
    name: 'search: an index that holds the folded search text (SQLite)',
    async up(db, engine) {
      // A search reads the learner's notes in `newest` order until a page of matches, then counts
      // every match: with the folded text in the index both are index-only, never a table row per
      // note (reads.ts searchPage). On a 1,000,000-note file it adds ≈ 206 MB and takes about a
      // minute, once. Not on PostgreSQL: a B-tree entry there is limited to ≈ 2.7 kB, which a
      // long note's text exceeds, so an add would fail.
      if (engine !== 'sqlite') return;
      await db.schema
        .createIndex('notes_search')
        .on('notes')
        .columns(['learner_id', 'created_on desc', 'note_id', 'search'])
        .execute();
    },
  },
];

/** The schema version this code needs and knows. */
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
