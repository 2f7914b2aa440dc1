/**
 * A fresh database of either engine for a store suite: a SQLite file in a new temp folder, or a
 * new PostgreSQL database (postgres.ts). Suites loop over ENGINES so every case runs on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'uvu';
import { createPostgresDatabase } from './postgres.ts';

/** The engines every store case runs on. */
export const ENGINES = ['sqlite', 'postgres'] as const;

/** One of ENGINES. */
export type TestEngine = (typeof ENGINES)[number];

/** A database for one suite; `dir` is a temp folder for files the suite writes (backups…). */
export type TestDatabase = { engine: TestEngine; url: string; dir: string; drop(): Promise<void> };

/** A new, empty database of `engine`. */
export async function freshDatabase(engine: TestEngine): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'notes-store-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (engine === 'sqlite') return { engine, url: join(dir, 'notes.db'), dir, drop: async () => removeDir() };
  try {
    const pgdb = await createPostgresDatabase();
    return {
      engine,
      url: pgdb.url,
      dir,
      async drop() {
        removeDir();
        await pgdb.drop();
      },
    };
  } catch (e) {
    removeDir();
    throw e;
  }
}

/**
 * Runs a suite's setup once before its tests, so that a setup failure (PostgreSQL unreachable)
 * fails every test of the suite with its message: uvu does not report an error thrown in before().
 */
export function setupOnce(test: Test, setup: () => Promise<void>): void {
  let failure: unknown = null;
  test.before(async () => {
    try {
      await setup();
    } catch (e) {
      failure = e;
    }
  });
  test.before.each(() => {
    if (failure) throw failure;
  });
}
