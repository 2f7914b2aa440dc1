/**
 * Where things live: the project root (found from this file, so the harness works from any
 * working directory) and the default data file.
 */
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the folder holding package.json, build.mjs and dist/. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const writable = (dir: string): boolean => {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** The database's file name in `.harness/` (or the OS temp folder). */
const DATA_FILE = 'notes.db';

/** The old mock API's JSON-lines data file, which the notes service does not read. */
const OLD_DATA_FILE = 'data.jsonl';

/**
 * `.harness/notes.db` in the project (gitignored, survives restarts), or the same name under
 * the OS temp folder when the project is read-only (e.g. installed as a dependency).
 */
export function defaultDataFile(
  root: string = PROJECT_ROOT,
  canWrite: (dir: string) => boolean = writable,
): string {
  const local = join(root, '.harness');
  if (canWrite(local)) return join(local, DATA_FILE);
  const temp = join(tmpdir(), 'notes-harness');
  canWrite(temp);
  return join(temp, DATA_FILE);
}

/**
 * A one-line note when the old mock's data file sits beside the default database: its notes are
 * not read (the file is left as it is), so a developer knows where they went. Null otherwise.
 */
export function oldDataFileNote(dataFile: string): string | null {
  const old = join(dirname(dataFile), OLD_DATA_FILE);
  if (!existsSync(old)) return null;
  return `harness: note: ${old} (the old mock API's notes) is no longer read and was left as it is; the notes service keeps its notes in ${dataFile}`;
}

/** Makes sure the folder of a data file exists, so a fresh `--data some/dir/file.jsonl` just works. */
export function ensureParentDir(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
}
