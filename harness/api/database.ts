/**
 * The harness's SQLite database file (`--data`): the notes service's own store, made and seeded
 * here. A new file is built beside its final name and linked into place only once complete, so a
 * crash while seeding leaves no half-seeded database behind, and an existing file is never seeded
 * again or written over. The old mock's JSON-lines data file is recognised and refused untouched.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openStore } from '../../server/src/store/notes-store.ts';
import type { OwnedNote } from './learner.ts';

/** What the old mock API's data file starts with (a JSON-lines header line). */
const OLD_HEADER = '{"format":"notes-harness"';

/** The old mock API's data file given where a database is expected; nothing was read or written. */
export class OldDataFileError extends Error {
  override readonly name = 'OldDataFileError';
}

/** The folder uploads live in for a given database file (the service's files dir, beside it). */
export const uploadsDirFor = (dataFile: string): string => `${dataFile}.files`;

/** Whether `file` is the old mock's JSON-lines data file (by its first bytes). */
export async function isOldDataFile(file: string): Promise<boolean> {
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(file, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(OLD_HEADER.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).toString('utf8') === OLD_HEADER;
  } finally {
    await fh.close();
  }
}

/** Refuses the old mock's data file with one line saying what to do instead. */
export async function refuseOldDataFile(file: string): Promise<void> {
  if (await isOldDataFile(file)) {
    throw new OldDataFileError(
      `${file} is a JSON-lines data file of the old mock API, not a notes database; it was left untouched. ` +
        'Pass --data with a new file name (the default is now .harness/notes.db) to start from the seed',
    );
  }
}

const syncDir = async (dir: string): Promise<void> => {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
};

/**
 * Creates the database `file` holding exactly `notes` (each added as its owner, with its own id,
 * dates and version), or nothing for `[]`. Rejects when `file` already exists, leaving it as it is.
 */
export async function seedDatabase(file: string, notes: OwnedNote[]): Promise<void> {
  if (existsSync(file)) throw new Error(`Cannot seed ${file}: it already exists`);
  await mkdir(dirname(file) || '.', { recursive: true });
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.seeding`);
  try {
    // NORMAL: a crash can't leave a half-seeded file under the real name anyway; closing
    // checkpoints the WAL into the file and syncs it, so the linked file is complete on disk.
    const store = await openStore(temp, { synchronous: 'normal' });
    try {
      for (const { owner, note } of notes) await store.add(owner, note, null);
    } finally {
      await store.close();
    }
    await link(temp, file).catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'EEXIST' ? new Error(`Cannot seed ${file}: it already exists`) : e;
    });
    await syncDir(dirname(file) || '.');
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${temp}${suffix}`, { force: true });
  }
}

/**
 * Makes sure `file` is a database to open: the old mock's data file is refused (OldDataFileError);
 * a missing file is created from `seed()` (read only then, so its dates are the moment it is made).
 * Another process creating it meanwhile wins, and its data is kept. Resolves with whether it was made.
 */
export async function ensureDatabase(file: string, seed: () => OwnedNote[]): Promise<boolean> {
  await refuseOldDataFile(file);
  if (existsSync(file)) return false;
  try {
    await seedDatabase(file, seed());
    return true;
  } catch (e) {
    if (existsSync(file)) return false;
    throw new Error(`Cannot create database ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
