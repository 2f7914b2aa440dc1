/**
 * Writes the bench data into a database through the store's own code: openStore creates and
 * migrates the schema, and the rows are the store's (noteColumns computes the search columns), but
 * they go in as multi-row INSERTs in large transactions, not one add at a time, so a million notes
 * take a minute, not an hour. A PostgreSQL database is filled by the store's copy from the SQLite file.
 */
import { type Kysely, sql } from 'kysely';
import { connect } from '../../server/src/store/connect.ts';
import { copyDatabase } from '../../server/src/store/copy.ts';
import { openStore } from '../../server/src/store/notes-store.ts';
import { noteColumns } from '../../server/src/store/rows.ts';
import type { Database } from '../../server/src/store/schema.ts';
import { type BenchShape, benchLearner, learnerNotes } from './bench-data.ts';

/** 500 notes × 20 columns per INSERT stays under both engines' parameter limits (as copy.ts). */
const ROWS_PER_INSERT = 500;

/** Notes per transaction: big enough that commits cost nothing, small enough to show progress. */
const NOTES_PER_TRANSACTION = 50_000;

/** What a load did, for the report. */
export type LoadResult = { learners: number; notes: number; seconds: number };

/** A notes row as inserted. */
type NoteRow = ReturnType<typeof noteColumns> & { learner_id: number };

/** The marker row that says a database holds a complete bench data set of this shape. */
const markerWid = (shape: BenchShape): string =>
  `bench-complete-${shape.learners}-${shape.notes}-${shape.bigLearnerNotes}`;

/** Whether `url` already holds a complete data set of `shape` (so a rerun reuses it). */
export async function isLoaded(url: string, shape: BenchShape): Promise<boolean> {
  const store = await openStore(url);
  await store.close();
  const db = await connect(url);
  try {
    const row = await db.kysely
      .selectFrom('learners')
      .select('id')
      .where('root_org', '=', 'bench-marker')
      .where('wid', '=', markerWid(shape))
      .executeTakeFirst();
    return row !== undefined;
  } finally {
    await db.kysely.destroy();
  }
}

async function insertLearners(kysely: Kysely<Database>, count: number): Promise<number[]> {
  const ids: number[] = [];
  await kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + ROWS_PER_INSERT); i++) {
        const l = benchLearner(i);
        rows.push({ root_org: l.rootOrg, org: l.org, wid: l.wid });
      }
      const made = await trx.insertInto('learners').values(rows).returning('id').execute();
      for (const r of made) ids.push(Number(r.id));
    }
  });
  return ids;
}

/**
 * Fills an empty SQLite file with `shape`'s data and marks it complete. `log` gets progress lines.
 * Runs with synchronous=NORMAL (a crash mid-load means a rerun, nothing more).
 */
export async function loadSqlite(
  path: string,
  shape: BenchShape,
  now: Date,
  log: (line: string) => void,
): Promise<LoadResult> {
  const started = performance.now();
  const store = await openStore(path, { synchronous: 'normal' });
  await store.close();
  const db = await connect(path, { synchronous: 'normal' });
  try {
    const ids = await insertLearners(db.kysely, shape.learners);
    let written = 0;
    let learner = 0;
    while (learner < shape.learners) {
      await db.kysely.transaction().execute(async (trx) => {
        let batch: NoteRow[] = [];
        let inTransaction = 0;
        while (learner < shape.learners && inTransaction < NOTES_PER_TRANSACTION) {
          const learnerId = ids[learner] as number;
          for (const note of learnerNotes(shape, learner, now)) {
            batch.push({ learner_id: learnerId, ...noteColumns(note) });
            inTransaction += 1;
            if (batch.length === ROWS_PER_INSERT) {
              await trx.insertInto('notes').values(batch).execute();
              batch = [];
            }
          }
          learner += 1;
        }
        if (batch.length > 0) await trx.insertInto('notes').values(batch).execute();
        written += inTransaction;
      });
      log(`  ${written.toLocaleString('en')} notes (${Math.round((performance.now() - started) / 1000)} s)`);
    }
    await db.kysely
      .insertInto('learners')
      .values({ root_org: 'bench-marker', org: 'bench-marker', wid: markerWid(shape) })
      .execute();
    await sql`analyze`.execute(db.kysely);
    return { learners: shape.learners, notes: written, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.kysely.destroy();
  }
}

/** Copies a loaded SQLite file into an empty PostgreSQL database with the store's copy, then ANALYZE. */
export async function loadPostgres(url: string, fromSqlite: string): Promise<LoadResult> {
  const started = performance.now();
  const copied = await copyDatabase(fromSqlite, url);
  const db = await connect(url);
  try {
    await sql`analyze`.execute(db.kysely);
  } finally {
    await db.kysely.destroy();
  }
  return { learners: copied.learners, notes: copied.notes, seconds: (performance.now() - started) / 1000 };
}
