/**
 * Write transactions, retried when SQLite stays busy. Every SQLite transaction begins IMMEDIATE
 * (connect.ts), so SQLITE_BUSY can only come from BEGIN, after busy_timeout of waiting for another
 * process, and before any statement ran: trying again is safe, and turns a long wait behind
 * `retire` or a second process into a longer wait instead of an error.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from './schema.ts';

/** How many times a busy BEGIN is tried before its error is thrown. */
const ATTEMPTS = 5;

const isBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/**
 * Runs `work` in a transaction (BEGIN IMMEDIATE on SQLite), retrying a busy start; with group
 * commit (wal-sync.ts) it resolves only once the commit is on the disk.
 */
export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const result = await committed(db, work);
  if (db.durable) await db.durable();
  return result;
}

async function committed<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely.transaction().execute(work);
    } catch (e) {
      if (db.engine !== 'sqlite' || !isBusy(e) || attempt >= ATTEMPTS) throw e;
    }
  }
}
