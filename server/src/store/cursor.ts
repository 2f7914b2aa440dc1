/**
 * Cursors of `POST /notes/fetch`: opaque to clients, base64url JSON of [order, sort key, noteId] of
 * the last note served (the mock's format, so a cursor survives the move from the mock). A page
 * resumes strictly after that position, which is what keeps pages free of gaps and repeats.
 */
import type { NoteFilter } from '../../../src/protocol/api-types.ts';

/** The cursor fetch's orders: the lists' three and the due list's (`due`). */
export type FetchOrder = NonNullable<NoteFilter['order']>;

/** A position in one order: the sort key (an ISO date) and the tie-breaking noteId. */
export type CursorPosition = { order: FetchOrder; key: string; noteId: string };

const ORDERS: readonly string[] = ['newest', 'oldest', 'updated', 'due'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** Encodes a position. */
export const encodeCursor = (p: CursorPosition): string =>
  Buffer.from(JSON.stringify([p.order, p.key, p.noteId]), 'utf8').toString('base64url');

/** The 400 text for a cursor that is not one of ours. */
export const MALFORMED_CURSOR = 'cursor is malformed; use the nextCursor of a previous page';

/** Decodes a cursor for `order`: the position, or the message of the 400 to answer. */
export function decodeCursor(
  cursor: string,
  order: FetchOrder,
): { ok: true; position: CursorPosition } | { ok: false; error: string } {
  const bad = { ok: false as const, error: MALFORMED_CURSOR };
  if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return bad;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return bad;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return bad;
  const [o, key, noteId] = parsed as unknown[];
  if (typeof o !== 'string' || !ORDERS.includes(o)) return bad;
  if (typeof key !== 'string' || !ISO.test(key) || typeof noteId !== 'string' || noteId === '') return bad;
  if (o !== order) return { ok: false, error: `cursor belongs to order ${o}, not ${order}` };
  return { ok: true, position: { order, key, noteId } };
}

/** Thrown by fetch for a cursor the http layer did not check first; its message is the 400's. */
export class BadCursorError extends Error {
  override name = 'BadCursorError';
}
