/**
 * Opaque pagination cursors for `POST /notes/fetch`: the sort key and noteId of the last note
 * served. Resuming "strictly after this position" (not at an offset) is what keeps pages free of
 * gaps and duplicates while other notes are added or deleted between requests.
 */
import type { NoteOrder } from '../../src/protocol/api-types.ts';
import { type Check, invalid, valid } from './check.ts';

/** A position in one sort order: the sort key (an ISO date) and the tie-breaking noteId. */
export type CursorPosition = { order: NoteOrder; key: string; noteId: string };

const ORDERS: readonly string[] = ['newest', 'oldest', 'updated'];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** Encodes a position as base64url JSON; clients must treat it as opaque. */
export function encodeCursor(p: CursorPosition): string {
  return Buffer.from(JSON.stringify([p.order, p.key, p.noteId]), 'utf8').toString('base64url');
}

/** Decodes a cursor for `order`; anything malformed, or from another order, is a 400. */
export function decodeCursor(cursor: string, order: NoteOrder): Check<CursorPosition> {
  const bad = invalid('cursor is malformed; use the nextCursor of a previous page');
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
  if (o !== order) return invalid(`cursor belongs to order ${o}, not ${order}`);
  return valid({ order, key, noteId });
}
