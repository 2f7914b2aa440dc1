/**
 * `notes-server copy --from URL --to URL`: every table from one database into another (SQLite →
 * PostgreSQL to grow, and back), ids kept, in one transaction on the target, batch by batch in
 * primary-key order so memory stays flat at any size. The target must hold no notes data: copy
 * never merges into, or overwrites, a database in use.
 */

import { resolve } from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { connect, isPostgresUrl, StoreError } from './connect.ts';
import { migrate } from './migrate.ts';
import type { Database, Db } from './schema.ts';

/** Rows copied per table. */
export type CopyResult = { learners: number; notes: number; idempotencyKeys: number; files: number };

/** Rows per INSERT: 500 notes × 20 columns stays under both engines' parameter limits. */
const BATCH = 500;

async function isEmpty(db: Db): Promise<boolean> {
  for (const table of ['learners', 'notes', 'idempotency_keys', 'files'] as const) {
    const row = await db.kysely
      .selectFrom(table)
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row) return false;
  }
  return true;
}

/** Copies every row; both databases are migrated to the current schema first. */
export async function copyDatabase(fromUrl: string, toUrl: string): Promise<CopyResult> {
  if (!isPostgresUrl(fromUrl) && !isPostgresUrl(toUrl) && resolve(fromUrl) === resolve(toUrl)) {
    throw new StoreError('--from and --to name the same database');
  }
  const from = await connect(fromUrl, { create: false });
  let to: Db | null = null;
  try {
    to = await connect(toUrl);
    await migrate(from);
    await migrate(to);
    if (!(await isEmpty(to))) {
      throw new StoreError('the target database already holds notes data; copy only into an empty database');
    }
    const target = to;
    // The source is read in one snapshot (a deferred read transaction on SQLite, REPEATABLE READ on
    // PostgreSQL), so a server still writing to it can't make the copy inconsistent, nor be blocked.
    return await from.kysely.connection().execute(async (src) => {
      const begin =
        from.engine === 'postgres' ? sql`begin isolation level repeatable read read only` : sql`begin`;
      await begin.execute(src);
      try {
        return await target.kysely.transaction().execute((trx) => copyRows(src, target, trx));
      } finally {
        await sql`commit`.execute(src);
      }
    });
  } finally {
    await from.kysely.destroy();
    await to?.kysely.destroy();
  }
}

/** Copies each table in foreign-key order, batch by batch in primary-key order. */
async function copyRows(
  source: Kysely<Database>,
  target: Db,
  trx: Transaction<Database>,
): Promise<CopyResult> {
  const result: CopyResult = { learners: 0, notes: 0, idempotencyKeys: 0, files: 0 };
  let lastId = -1;
  for (;;) {
    const rows = await source
      .selectFrom('learners')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    await trx.insertInto('learners').values(rows).execute();
    result.learners += rows.length;
    lastId = rows[rows.length - 1]!.id;
  }
  if (target.engine === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('learners', 'id'), coalesce(max(id), 0) + 1, false) from learners`.execute(
      trx,
    );
  }
  let after: [number, string] | null = null;
  for (;;) {
    let q = source.selectFrom('notes').selectAll();
    if (after) {
      const [l, n] = after;
      q = q.where((eb) =>
        eb.or([eb('learner_id', '>', l), eb.and([eb('learner_id', '=', l), eb('note_id', '>', n)])]),
      );
    }
    const rows = await q.orderBy('learner_id').orderBy('note_id').limit(BATCH).execute();
    if (rows.length === 0) break;
    await trx.insertInto('notes').values(rows).execute();
    result.notes += rows.length;
    const last = rows[rows.length - 1]!;
    after = [last.learner_id, last.note_id];
  }
  after = null;
  for (;;) {
    let q = source.selectFrom('idempotency_keys').selectAll();
    if (after) {
      const [l, k] = after;
      q = q.where((eb) =>
        eb.or([eb('learner_id', '>', l), eb.and([eb('learner_id', '=', l), eb('key', '>', k)])]),
      );
    }
    const rows = await q.orderBy('learner_id').orderBy('key').limit(BATCH).execute();
    if (rows.length === 0) break;
    await trx
      .insertInto('idempotency_keys')
      .values(rows.map((r) => ({ ...r, stored_ms: Number(r.stored_ms) })))
      .execute();
    result.idempotencyKeys += rows.length;
    const last = rows[rows.length - 1]!;
    after = [last.learner_id, last.key];
  }
  let lastName: string | null = null;
  for (;;) {
    let q = source.selectFrom('files').selectAll();
    if (lastName !== null) q = q.where('name', '>', lastName);
    const rows = await q.orderBy('name').limit(BATCH).execute();
    if (rows.length === 0) break;
    await trx
      .insertInto('files')
      .values(rows.map((r) => ({ ...r, size: Number(r.size) })))
      .execute();
    result.files += rows.length;
    lastName = rows[rows.length - 1]!.name;
  }
  return result;
}
