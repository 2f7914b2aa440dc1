/**
 * Reads the data file's text into live notes. The file is a header line then one change per
 * line; replaying the changes gives the current notes. A torn last line (a crash mid-append, so
 * never acknowledged) is dropped; anything else unexpected is refused, never "repaired".
 */

import { learnerKey, type OwnedNote } from './learner.ts';
import { isLogRecord, type LogRecord } from './note-shape.ts';

/** The first line of every data file; the version changes only with an incompatible format. */
export const FILE_HEADER = { format: 'notes-harness', version: 1 } as const;

/** The header as written, newline included. */
export const HEADER_LINE = `${JSON.stringify(FILE_HEADER)}\n`;

/** Replayed contents: live notes in insertion order, whether a torn tail was dropped, and how many change lines were read. */
export type ParsedData = { notes: OwnedNote[]; torn: boolean; changes: number };

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
  if (version !== FILE_HEADER.version) {
    return `has notes-harness format version ${String(version)}; this harness reads version ${FILE_HEADER.version}`;
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
  for (const [i, line] of rest.entries()) {
    const record: unknown = parseJson(line);
    if (!isLogRecord(record)) {
      const what = record === undefined ? 'is not valid JSON' : 'is not a valid change record';
      return { ok: false, error: `is damaged: line ${i + 2} ${what}` };
    }
    apply(live, record);
  }
  return { ok: true, notes: [...live.values()], torn, changes: rest.length };
}

function apply(live: Map<string, OwnedNote>, r: LogRecord): void {
  if (r.op === 'put') {
    live.set(`${learnerKey(r.owner)}\u0000${r.note.noteId}`, { owner: r.owner, note: r.note });
  } else {
    live.delete(`${learnerKey(r.owner)}\u0000${r.noteId}`);
  }
}
