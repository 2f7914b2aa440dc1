/**
 * Reads the data file's text into live notes and idempotency keys. The file is a header line then
 * one change per line; replaying the changes gives the current state. A torn last line (a crash
 * mid-append, so never acknowledged) is dropped; anything else unexpected is refused, never "repaired".
 */

import { type KeyedAdd, keyedAddId } from './idempotency.ts';
import { learnerKey, type OwnedNote } from './learner.ts';
import { isLogRecord, type LogRecord } from './note-shape.ts';

/**
 * The first line of every data file written. Version 2 added idempotency keys (`key` on a put,
 * `op: 'key'` lines); version 1 files are read too, and rewritten as version 2 when opened.
 */
export const FILE_HEADER = { format: 'notes-harness', version: 2 } as const;

/** The versions this harness reads. */
export const READABLE_VERSIONS: readonly number[] = [1, 2];

/** The header as written, newline included. */
export const HEADER_LINE = `${JSON.stringify(FILE_HEADER)}\n`;

/**
 * Replayed contents: live notes in insertion order, the keys of adds (expired ones included: the
 * caller knows the time), whether a torn tail was dropped, how many change lines were read, and
 * the file's format version.
 */
export type ParsedData = {
  notes: OwnedNote[];
  keys: KeyedAdd[];
  torn: boolean;
  changes: number;
  version: number;
};

/** Parse outcome; `error` completes a sentence starting with the file's name. */
export type ParseResult = ({ ok: true } & ParsedData) | { ok: false; error: string };

const NOT_OURS = 'is not a notes-harness data file';

const parseJson = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

const checkHeader = (line: string): string | null => {
  const h = parseJson(line);
  if (h === undefined) return `${NOT_OURS} (its first line is not JSON)`;
  if (typeof h !== 'object' || h === null || (h as { format?: unknown }).format !== FILE_HEADER.format) {
    return `${NOT_OURS} (its first line is not the notes-harness header)`;
  }
  const version = (h as { version?: unknown }).version;
  if (typeof version !== 'number' || !READABLE_VERSIONS.includes(version)) {
    return `has notes-harness format version ${String(version)}; this harness reads versions ${READABLE_VERSIONS.join(' and ')}`;
  }
  return null;
};

/** Replays a data file's bytes. Pure: no I/O, so every damage case is unit-testable. */
export function parseDataFile(bytes: Uint8Array): ParseResult {
  if (bytes.length === 0) return { ok: false, error: `is empty, so it ${NOT_OURS}` };
  if (bytes.includes(0)) return { ok: false, error: `${NOT_OURS} (it contains binary data)` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: `${NOT_OURS} (it is not UTF-8 text)` };
  }
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  const torn = tail !== '';
  const [first, ...rest] = lines;
  if (first === undefined) return { ok: false, error: `${NOT_OURS} (it has no complete first line)` };
  const headerError = checkHeader(first);
  if (headerError) return { ok: false, error: headerError };
  const live = new Map<string, OwnedNote>();
  const keys = new Map<string, KeyedAdd>();
  for (const [i, line] of rest.entries()) {
    const record: unknown = parseJson(line);
    if (!isLogRecord(record)) {
      const what = record === undefined ? 'is not valid JSON' : 'is not a valid change record';
      return { ok: false, error: `is damaged: line ${i + 2} ${what}` };
    }
    apply(live, keys, record);
  }
  const version = (JSON.parse(first) as { version: number }).version;
  return {
    ok: true,
    notes: [...live.values()],
    keys: [...keys.values()],
    torn,
    changes: rest.length,
    version,
  };
}

/** Replays one change. A key outlives its note's deletion, so a late retry can't bring it back. */
function apply(live: Map<string, OwnedNote>, keys: Map<string, KeyedAdd>, r: LogRecord): void {
  if (r.op === 'del') {
    live.delete(`${learnerKey(r.owner)}\u0000${r.noteId}`);
    return;
  }
  if (r.key !== undefined) keys.set(keyedAddId(r.owner, r.key), { owner: r.owner, key: r.key, note: r.note });
  if (r.op === 'put')
    live.set(`${learnerKey(r.owner)}\u0000${r.note.noteId}`, { owner: r.owner, note: r.note });
}
