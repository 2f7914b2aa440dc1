/**
 * Structural checks for what the data file holds. Lines were written by this harness, so a line
 * that fails these checks means the file is damaged or foreign, never something to repair.
 */
import type { Note } from '../../src/protocol/api-types.ts';
import { isRecord } from './check.ts';
import { isIdempotencyKey, type KeyedAdd } from './idempotency.ts';
import type { Learner, OwnedNote } from './learner.ts';

/**
 * One change in the append-only log: a note stored (added or updated; an add made with an
 * Idempotency-Key carries it, so the note and its key become durable in one line), a note
 * deleted, or (written only by compaction) a key kept with the note its add first stored.
 */
export type LogRecord =
  | { op: 'put'; owner: Learner; note: Note; key?: string }
  | { op: 'del'; owner: Learner; noteId: string }
  | { op: 'key'; owner: Learner; key: string; note: Note };

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): boolean => v === null || typeof v === 'string';

const isAnchor = (a: unknown): boolean =>
  a === null ||
  (isRecord(a) &&
    ((a.kind === 'time' && typeof a.seconds === 'number' && a.seconds >= 0) ||
      (a.kind === 'page' && Number.isSafeInteger(a.page) && Number(a.page) >= 1)));

/** Whether a value has every field of a Note with the right type. */
export function isNote(n: unknown): n is Note {
  return (
    isRecord(n) &&
    str(n.noteId) &&
    n.noteId !== '' &&
    str(n.refId) &&
    strOrNull(n.moduleId) &&
    strOrNull(n.courseId) &&
    str(n.refTitle) &&
    strOrNull(n.moduleTitle) &&
    strOrNull(n.courseTitle) &&
    str(n.domain) &&
    strOrNull(n.appRef) &&
    str(n.displayName) &&
    str(n.content) &&
    str(n.text) &&
    isAnchor(n.anchor) &&
    Array.isArray(n.tags) &&
    n.tags.every(str) &&
    str(n.createdOn) &&
    ISO.test(n.createdOn) &&
    str(n.updatedOn) &&
    ISO.test(n.updatedOn) &&
    Number.isSafeInteger(n.version) &&
    Number(n.version) >= 1
  );
}

/** Whether a value is a learner triple of non-empty strings. */
export const isLearner = (l: unknown): l is Learner =>
  isRecord(l) &&
  str(l.rootOrg) &&
  str(l.org) &&
  str(l.wid) &&
  l.rootOrg !== '' &&
  l.org !== '' &&
  l.wid !== '';

/** Whether a parsed line is a change record this harness writes. */
export function isLogRecord(r: unknown): r is LogRecord {
  if (!isRecord(r) || !isLearner(r.owner)) return false;
  if (r.op === 'put') return isNote(r.note) && (r.key === undefined || isIdempotencyKey(r.key));
  if (r.op === 'key') return isNote(r.note) && isIdempotencyKey(r.key);
  return r.op === 'del' && str(r.noteId) && r.noteId !== '';
}

/** The log line for storing a note (add or update), with the add's key if it had one; ends in a newline. */
export const putLine = ({ owner, note }: OwnedNote, key?: string): string =>
  `${JSON.stringify(key === undefined ? { op: 'put', owner, note } : { op: 'put', owner, note, key })}\n`;

/** The log line compaction writes for a key still alive; ends in a newline. */
export const keyLine = ({ owner, key, note }: KeyedAdd): string =>
  `${JSON.stringify({ op: 'key', owner, key, note })}\n`;

/** The log line for deleting a note; ends in a newline. */
export const delLine = (owner: Learner, noteId: string): string =>
  `${JSON.stringify({ op: 'del', owner, noteId })}\n`;
