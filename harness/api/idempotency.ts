/**
 * `Idempotency-Key` on `POST /notes/add` (docs/api.md): the app sends one key per note the learner
 * saved and keeps it with the queued add, so a retry after a lost answer finds the note the first
 * call stored instead of creating a second one. Keys belong to one learner and live at least 24 h.
 */
import type { Note } from '../../src/protocol/api-types.ts';
import { type Check, invalid, valid } from './check.ts';
import { type Learner, learnerKey } from './learner.ts';

/** The request header, lower-cased as node delivers it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Longest key accepted; a UUID needs 36. */
export const MAX_KEY_CHARS = 200;

/** How long a key is remembered, from the moment its add was stored. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The 400 answer for a malformed key; it names the header. */
export const BAD_KEY_ERROR = `Idempotency-Key must be 1–${MAX_KEY_CHARS} visible ASCII characters`;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** Whether `key` is well-formed: 1–200 characters, each printable ASCII (no space, no control). */
export const isIdempotencyKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length >= 1 && key.length <= MAX_KEY_CHARS && VISIBLE_ASCII.test(key);

/** The header's key: null when absent, a 400 when present but malformed (empty included). */
export function parseIdempotencyKey(raw: string | string[] | undefined): Check<string | null> {
  if (raw === undefined) return valid(null);
  if (Array.isArray(raw) || !isIdempotencyKey(raw)) return invalid(BAD_KEY_ERROR);
  return valid(raw);
}

/** A remembered key: whose it is, and the note its first add stored (as stored then). */
export type KeyedAdd = { owner: Learner; key: string; note: Note };

/** One map key per (learner, key); NUL separates parts that can't contain it. */
export const keyedAddId = (owner: Learner, key: string): string => `${learnerKey(owner)}\u0000${key}`;

/** True once a key's lifetime (counted from its note's `createdOn`) is over at `now`. */
export const keyExpired = (note: Note, now: Date): boolean =>
  now.getTime() - Date.parse(note.createdOn) >= KEY_TTL_MS;
