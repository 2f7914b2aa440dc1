/**
 * Where things live: the project root (found from this file, so the harness works from any
 * working directory) and the default data file.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
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

/**
 * `.harness/data.jsonl` in the project (gitignored, survives restarts), or the same name under
 * the OS temp folder when the project is read-only (e.g. installed as a dependency).
 */
export function defaultDataFile(
  root: string = PROJECT_ROOT,
  canWrite: (dir: string) => boolean = writable,
): string {
  const local = join(root, '.harness');
  if (canWrite(local)) return join(local, 'data.jsonl');
  const temp = join(tmpdir(), 'notes-harness');
  canWrite(temp);
  return join(temp, 'data.jsonl');
}

/** Makes sure the folder of a data file exists, so a fresh `--data some/dir/file.jsonl` just works. */
export function ensureParentDir(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
}
