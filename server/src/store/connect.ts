/**
 * Opens a database named by a URL: `postgres://…` (or `postgresql://…`) through a `pg` pool, anything
 * else as a SQLite file through better-sqlite3. Both come back as one Kysely instance, so every query
 * above this file is written once. Failures come out as one clear line (StoreError), never with a
 * password in it.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.ts';
import type { Database, Db } from './schema.ts';
import { keptFileSync, walSyncer } from './wal-sync.ts';

/** A failure the operator can act on; `message` is one line, safe to print (no password). */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** How SQLite syncs a commit (README.md "Pragmas"): FULL survives power loss, NORMAL only a crash. */
export type Synchronous = 'full' | 'normal';

/** Connection options; every one has a default fit for `serve`. */
export type ConnectOptions = {
  /** SQLite: `synchronous` (default 'full'). */
  synchronous?: Synchronous;
  /**
   * SQLite with synchronous 'full': commit with NORMAL and sync the WAL after each write
   * transaction, shared by the concurrent ones (wal-sync.ts), instead of one blocking fsync per
   * COMMIT. Writes are as durable; only transactions through `inTransaction` wait for the sync,
   * so openStore (the service) asks for it and the one-shot operations don't.
   */
  groupCommit?: boolean;
  /** SQLite: how long to wait for another process's write lock, ms (default 5000). */
  busyTimeoutMs?: number;
  /** SQLite: page cache in MB (default 32: a 10,000-note learner's rows stay in memory for search). */
  cacheMb?: number;
  /** PostgreSQL: pool size (default 10). */
  poolSize?: number;
  /** False: a SQLite file that does not exist is an error instead of a new database. */
  create?: boolean;
};

/** The size a WAL file is cut back to once its pages are copied back (checkpointer.ts). */
const WAL_LIMIT_BYTES = 32 * 1024 * 1024;

/** Whether `url` names a PostgreSQL database (else it is a SQLite file path). */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/** The URL with any password replaced by `***`, for messages and logs. */
export function redactUrl(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/**
 * SQLite's driver, but every transaction starts with BEGIN IMMEDIATE: the write lock is taken at the
 * start (waiting up to busy_timeout for another process), so a transaction that reads then writes
 * can never fail half-way with SQLITE_BUSY when `retire` or a second process writes meanwhile.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** better-sqlite3 behind Kysely, with prepared statements kept per SQL text (Kysely prepares per call). */
function cachedStatements(db: BetterSqlite3.Database): SqliteDialectConfig['database'] {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= 500) cache.clear(); // bounded: tag filters vary the text a little
        stmt = db.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close: () => db.close(),
  };
}

/** Opens the SQLite file with the pragmas of README.md and checks it really is a SQLite database. */
export function openSqliteFile(path: string, options: ConnectOptions = {}): BetterSqlite3.Database {
  if (options.create === false && !existsSync(path)) throw new StoreError(`no database at ${path}`);
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new StoreError(`${path} is a directory, not a database file`);
  }
  if (!existsSync(dirname(path) || '.')) throw new StoreError(`the folder of ${path} does not exist`);
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(path, { timeout: options.busyTimeoutMs ?? 5000 });
  } catch (e) {
    throw new StoreError(`cannot open ${path}: ${(e as Error).message}`);
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous === 'normal' || options.groupCommit ? 'NORMAL' : 'FULL'}`);
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = ${-Math.round((options.cacheMb ?? 32) * 1024)}`);
  } catch (e) {
    db.close();
    const code = (e as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new StoreError(`${path} is not a SQLite database; it was left untouched`);
    }
    throw new StoreError(`cannot open ${path}: ${(e as Error).message}`);
  }
  return db;
}

/** Why a PostgreSQL connection failed, in one line without the password. */
function postgresProblem(url: string, e: unknown): StoreError {
  const err = e as { code?: string; message?: string };
  const where = redactUrl(url);
  if (err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'ETIMEDOUT') {
    return new StoreError(`cannot reach PostgreSQL at ${where} (${err.code})`);
  }
  if (err.code === '28P01' || err.code === '28000') {
    return new StoreError(`PostgreSQL refused the login for ${where}: ${err.message}`);
  }
  if (err.code === '3D000') return new StoreError(`PostgreSQL has no such database: ${where}`);
  return new StoreError(`PostgreSQL at ${where}: ${err.message ?? String(e)}`);
}

/** Opens `url` and checks that it answers. */
export async function connect(url: string, options: ConnectOptions = {}): Promise<Db> {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    pool.on('error', () => {}); // an idle client's broken socket: the next query reports it
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await kysely.executeQuery(CompiledQuery.raw('select 1'));
    } catch (e) {
      await kysely.destroy().catch(() => {});
      throw postgresProblem(url, e);
    }
    return { kysely, engine: 'postgres' };
  }
  const grouped = options.groupCommit === true && options.synchronous !== 'normal';
  const file = openSqliteFile(url, { ...options, groupCommit: grouped });
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cachedStatements(file) }),
  });
  if (!grouped) return { kysely, engine: 'sqlite' };
  // The service: commits wait for a shared WAL sync, and checkpoints run on a worker thread.
  file.pragma('wal_autocheckpoint = 0');
  file.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
  const wal = keptFileSync(`${file.name}-wal`);
  const checkpointer = startCheckpointer(file);
  return {
    kysely,
    engine: 'sqlite',
    durable: walSyncer(`${file.name}-wal`, wal.sync),
    release: async () => {
      await checkpointer.stop();
      await wal.close();
    },
  };
}

/** Maps a PostgreSQL connection failure during use to the same clear message. */
export const describeFailure = (url: string, e: unknown): StoreError =>
  e instanceof StoreError ? e : isPostgresUrl(url) ? postgresProblem(url, e) : new StoreError(String(e));
