/**
 * Opening the data file at start-up: create it (seeded) when missing, refuse it when broken or
 * foreign (leaving it untouched), and compact it when it holds dead lines (expired keys too), a
 * torn tail or an older format. Every rewrite is a temp file + fsync + rename + directory fsync,
 * so a crash leaves old or new, never half.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FILE_HEADER, HEADER_LINE, parseDataFile } from './data-format.ts';
import { type KeyedAdd, keyExpired } from './idempotency.ts';
import type { OwnedNote } from './learner.ts';
import { keyLine, putLine } from './note-shape.ts';

/** What start-up found: live notes, unexpired idempotency keys, and whether the file was created from the seed. */
export type OpenedData = { notes: OwnedNote[]; keys: KeyedAdd[]; created: boolean };

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

/** Writes header + one put line per note + one key line per key to a fresh temp file beside `path` and fsyncs it. */
async function writeTemp(path: string, notes: OwnedNote[], keys: KeyedAdd[]): Promise<string> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fh = await open(tmp, 'wx', 0o600);
  try {
    const chunk: string[] = [HEADER_LINE];
    const lines = function* () {
      for (const n of notes) yield putLine(n);
      for (const k of keys) yield keyLine(k);
    };
    for (const line of lines()) {
      chunk.push(line);
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
export async function writeSnapshot(
  path: string,
  notes: OwnedNote[],
  replace: boolean,
  keys: KeyedAdd[] = [],
): Promise<void> {
  const tmp = await writeTemp(path, notes, keys);
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
 * Keys older than their lifetime at `now` are dropped.
 */
export async function openDataFile(
  path: string,
  seed: () => OwnedNote[],
  now: () => Date = () => new Date(),
): Promise<OpenedData> {
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
    return { notes, keys: [], created: true };
  }
  const parsed = parseDataFile(bytes);
  if (!parsed.ok) throw new Error(`Data file ${path} ${parsed.error}. It was left untouched.`);
  const at = now();
  const keys = parsed.keys.filter((k) => !keyExpired(k.note, at));
  const dead = parsed.changes > parsed.notes.length + keys.length || keys.length < parsed.keys.length;
  if (parsed.torn || dead || parsed.version !== FILE_HEADER.version) {
    try {
      await writeSnapshot(path, parsed.notes, true, keys);
    } catch (err) {
      throw new Error(`Cannot compact data file ${path}: ${message(err)}`);
    }
  }
  return { notes: parsed.notes, keys, created: false };
}
