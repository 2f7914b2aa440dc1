/**
 * Runs the numbered migrations (migrations.ts) in one transaction, under a lock that holds across
 * processes (PostgreSQL: an advisory lock; SQLite: BEGIN IMMEDIATE), so two servers starting at once
 * migrate once. A database whose schema is newer than this code is refused, untouched.
 */
import { sql } from 'kysely';
import { StoreError } from './connect.ts';
import { LATEST_VERSION, MIGRATIONS } from './migrations.ts';
import type { Db } from './schema.ts';
import { inTransaction } from './transaction.ts';

/** Arbitrary constant naming the migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 7_340_025;

/** What a migration run did: the schema version before and after. */
export type MigrateResult = { from: number; to: number };

/** The refusal for a database newer than this code. */
export const newerSchemaMessage = (found: number): string =>
  `the database is at schema version ${found}, newer than this notes-server (which knows up to ${LATEST_VERSION}); ` +
  'run the notes-server that upgraded it, or a newer one';

/** Brings the database up to `target` (default: the latest); a no-op when it is already there. */
export async function migrate(db: Db, target: number = LATEST_VERSION): Promise<MigrateResult> {
  return inTransaction(db, async (trx) => {
    if (db.engine === 'postgres') await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    const tables =
      db.engine === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(trx)).rows
        : [];
    const fresh = db.engine === 'sqlite' && !tables.some((t) => t.name === 'schema_migrations');
    if (fresh && tables.some((t) => !t.name.startsWith('sqlite_'))) {
      throw new StoreError('the SQLite file holds tables but is not a notes database; it was left untouched');
    }
    await trx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('applied_on', 'text', (c) => c.notNull())
      .execute();
    const row = await trx
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst();
    const from = Number(row?.v ?? 0);
    if (from > LATEST_VERSION) throw new StoreError(newerSchemaMessage(from));
    for (const m of MIGRATIONS) {
      if (m.version <= from || m.version > target) continue;
      await m.up(trx, db.engine);
      await trx
        .insertInto('schema_migrations')
        .values({ version: m.version, name: m.name, applied_on: new Date().toISOString() })
        .execute();
    }
    return { from, to: Math.max(from, Math.min(target, LATEST_VERSION)) };
  });
}

/** The schema version of an open database (0 when it has none yet), without changing it. */
export async function schemaVersion(db: Db): Promise<number> {
  try {
    const row = await db.kysely
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst();
    return Number(row?.v ?? 0);
  } catch {
    return 0;
  }
}
