/**
 * `notes-server migrate | backup | retire | copy`: the store's operations (server/src/store/
 * operations.ts), each a short line of output. They open their own connection, so they run while
 * `serve` is running on the same database.
 */
import { openFilesDir } from '../files/files-dir.ts';
import type { Learner } from '../parts.ts';
import { backupDatabase, copyDatabase, migrateDatabase, retireFromDatabase } from '../store/operations.ts';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Brings the schema up to date. */
export async function migrateCommand(database: string, out: (l: string) => void): Promise<void> {
  const r = await migrateDatabase(database);
  out(
    r.from === r.to
      ? `database is current (schema version ${r.to})`
      : `migrated from schema version ${r.from} to ${r.to}`,
  );
}

/** Backs SQLite up online into FILE; for PostgreSQL prints the pg_dump command to run. */
export async function backupCommand(database: string, file: string, out: (l: string) => void): Promise<void> {
  const r = await backupDatabase(database, file);
  if (r.kind === 'sqlite') out(`backed up to ${r.file} (${r.bytes} bytes)`);
  else out(`PostgreSQL is backed up with its own tool; run: ${r.command}`);
}

/** Erases a learner's notes, keys and file records, then deletes the files from the folder. */
export async function retireCommand(
  database: string,
  learner: Learner,
  filesDir: string,
  out: (l: string) => void,
): Promise<void> {
  const r = await retireFromDatabase(database, learner);
  const files = openFilesDir(filesDir);
  let deleted = 0;
  for (const name of r.files) if (await files.remove(name)) deleted++;
  const missing = r.files.length - deleted;
  out(
    `erased ${plural(r.notes, 'note')}, ${plural(r.files.length, 'file')}` +
      (missing > 0 ? ` (${missing} already gone from ${filesDir})` : ''),
  );
}

/** Copies every learner, note, key and file record from one database into another, empty one. */
export async function copyCommand(from: string, to: string, out: (l: string) => void): Promise<void> {
  const r = await copyDatabase(from, to);
  out(
    `copied ${plural(r.learners, 'learner')}, ${plural(r.notes, 'note')}, ` +
      `${plural(r.idempotencyKeys, 'idempotency key')}, ${plural(r.files, 'file record')}`,
  );
}
