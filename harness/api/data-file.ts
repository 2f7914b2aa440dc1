/**
 * Opening the data file at start-up: create it (seeded) when missing, refuse it when broken or
 * foreign (leaving it untouched), and compact it when it holds dead lines or a torn tail. Every
 * rewrite is a temp file + fsync + rename + directory fsync, so a crash leaves old or new, never half.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { HEADER_LINE, parseDataFile } from './data-format.ts';
import type { OwnedNote } from './learner.ts';
import { putLine } from './note-shape.ts';

/** What start-up found: the live notes, and whether the file was created from the seed. */
export type OpenedData = { notes: OwnedNote[]; created: boolean };

const errorCode = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** fsyncs a directory so a rename or link inside it survives a crash. */
async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Writes header + one put line per note to a fresh temp file beside `path` and fsyncs it. */
async function writeTemp(path: string, notes: OwnedNote[]): Promise<string> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fh = await open(tmp, 'wx', 0o600);
  try {
    const chunk: string[] = [HEADER_LINE];
    for (const n of notes) {
      chunk.push(putLine(n));
      if (chunk.length >= 1000) await fh.write(chunk.splice(0).join(''));
    }
    await fh.write(chunk.join(''));
    await fh.sync();
  } finally {
    await fh.close();
  }
  return tmp;
}

/**
 * Atomically writes a snapshot. `replace` false links the file into place, which fails rather
 * than overwrite a file that appeared meanwhile; true renames over the old file (compaction).
 */
export async function writeSnapshot(path: string, notes: OwnedNote[], replace: boolean): Promise<void> {
  const tmp = await writeTemp(path, notes);
  try {
    if (replace) await rename(tmp, path);
    else await link(tmp, path);
  } finally {
    if (!replace) await unlink(tmp).catch(() => undefined);
  }
  await syncDir(dirname(path));
}

/**
 * Loads `path`, creating it from `seed()` when missing. Rejects with an Error naming the file
 * and the problem when it can't be read, is damaged, or is not ours; such a file is never written.
 */
export async function openDataFile(path: string, seed: () => OwnedNote[]): Promise<OpenedData> {
  await mkdir(dirname(path), { recursive: true });
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    if (errorCode(e) !== 'ENOENT') throw new Error(`Cannot read data file ${path}: ${message(e)}`);
    const notes = seed();
    try {
      await writeSnapshot(path, notes, false);
    } catch (err) {
      throw new Error(`Cannot create data file ${path}: ${message(err)}`);
    }
    return { notes, created: true };
  }
  const parsed = parseDataFile(bytes);
  if (!parsed.ok) throw new Error(`Data file ${path} ${parsed.error}. It was left untouched.`);
  if (parsed.torn || parsed.changes > parsed.notes.length) {
    try {
      await writeSnapshot(path, parsed.notes, true);
    } catch (err) {
      throw new Error(`Cannot compact data file ${path}: ${message(err)}`);
    }
  }
  return { notes: parsed.notes, created: false };
}
