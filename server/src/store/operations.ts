/**
 * The operator's commands on a database named by URL, for `notes-server migrate | backup | retire |
 * copy`: each opens its own connection, so it runs beside a serving process (on SQLite through WAL
 * and busy_timeout; nothing takes an exclusive lock).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  type ConnectOptions,
  connect,
  isPostgresUrl,
  openSqliteFile,
  redactUrl,
  StoreError,
} from './connect.ts';
import type { Learner } from './learners.ts';
import { type MigrateResult, migrate } from './migrate.ts';
import { type RetireResult, retireLearner } from './retire.ts';
import type { Db } from './schema.ts';

export { type CopyResult, copyDatabase } from './copy.ts';

/** Opens `url`, runs `work`, closes; a StoreError on the way out keeps its one line. */
async function withDb<T>(url: string, options: ConnectOptions, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await connect(url, options);
  try {
    return await work(db);
  } finally {
    await db.kysely.destroy();
  }
}

/** `notes-server migrate`: brings the schema up to date; `from === to` when it already was. */
export const migrateDatabase = (url: string): Promise<MigrateResult> => withDb(url, {}, (db) => migrate(db));

/** `notes-server retire`: erases one learner (the caller deletes the files named in the result). */
export const retireFromDatabase = (url: string, learner: Learner): Promise<RetireResult> =>
  withDb(url, { create: false }, async (db) => {
    await migrate(db);
    return retireLearner(db, learner);
  });

/** What `backup` did: a SQLite copy written, or the command that backs up PostgreSQL. */
export type BackupResult =
  | { kind: 'sqlite'; file: string; bytes: number }
  | { kind: 'postgres'; command: string };

const shellQuote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * `notes-server backup FILE`. SQLite: an online backup (better-sqlite3's `backup`, in one step so a
 * busy writer can't restart it forever) into a new file, then checked with quick_check; the server
 * keeps writing meanwhile. An existing FILE is refused, never overwritten. PostgreSQL: nothing is
 * run; the answer is the pg_dump command to run (password left out: PGPASSWORD or ~/.pgpass).
 */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  if (isPostgresUrl(url)) {
    const target = new URL(url);
    target.password = '';
    return {
      kind: 'postgres',
      command: `pg_dump --format=custom --file=${shellQuote(file)} ${shellQuote(target.toString())}`,
    };
  }
  if (existsSync(file)) throw new StoreError(`${file} already exists; backup writes only a new file`);
  if (resolve(file) === resolve(url)) throw new StoreError('the backup file must not be the database itself');
  const source = openSqliteFile(url, { create: false });
  try {
    await source.backup(file, { progress: ({ totalPages }) => Math.max(totalPages, 1) });
  } catch (e) {
    throw new StoreError(`backup to ${file} failed: ${(e as Error).message}`);
  } finally {
    source.close();
  }
  const copy = new BetterSqlite3(file, { readonly: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new StoreError(`the backup ${file} failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return { kind: 'sqlite', file, bytes: statSync(file).size };
}

/** For messages: the database named without its password. */
export const describeDatabase = redactUrl;
