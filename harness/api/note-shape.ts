/**
 * Structural checks for what the data file holds. Lines were written by this harness, so a line
 * that fails these checks means the file is damaged or foreign, never something to repair.
 */
import type { Note } from '../../src/protocol/api-types.ts';
import { isRecord } from './check.ts';
import type { Learner, OwnedNote } from './learner.ts';

/** One change in the append-only log: a note stored (added or updated) or deleted. */
export type LogRecord =
  | { op: 'put'; owner: Learner; note: Note }
  | { op: 'del'; owner: Learner; noteId: string };

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
  if (r.op === 'put') return isNote(r.note);
  return r.op === 'del' && str(r.noteId) && r.noteId !== '';
}

/** The log line for storing a note (add or update); ends in a newline. */
export const putLine = ({ owner, note }: OwnedNote): string =>
  `${JSON.stringify({ op: 'put', owner, note })}\n`;

/** The log line for deleting a note; ends in a newline. */
export const delLine = (owner: Learner, noteId: string): string =>
  `${JSON.stringify({ op: 'del', owner, noteId })}\n`;
