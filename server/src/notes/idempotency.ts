/**
 * `Idempotency-Key` on `POST /notes/add` (docs/api.md): the app sends one key per note the learner
 * saved and keeps it with the queued add, so a retry after a lost answer finds the note the first
 * call stored instead of creating a second one. Keys belong to one learner; the store keeps them (server/src/store/).
 */
import { MAX_IDEMPOTENCY_KEY_CHARS } from '../../../src/protocol/limits.ts';
import { type Check, invalid, valid } from '../http/check.ts';

/** The request header, lower-cased as node delivers it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Longest key accepted (src/protocol/limits.ts); a UUID needs 36. */
const MAX_KEY_CHARS = MAX_IDEMPOTENCY_KEY_CHARS;

/** The 400 answer for a malformed key; it names the header. */
export const BAD_KEY_ERROR = `Idempotency-Key must be 1–${MAX_KEY_CHARS} visible ASCII characters`;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** Whether `key` is well-formed: 1–MAX_KEY_CHARS characters, each printable ASCII (no space, no control). */
export const isIdempotencyKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length >= 1 && key.length <= MAX_KEY_CHARS && VISIBLE_ASCII.test(key);

/** The header's key: null when absent, a 400 when present but malformed (empty included). */
export function parseIdempotencyKey(raw: string | string[] | undefined): Check<string | null> {
  if (raw === undefined) return valid(null);
  if (Array.isArray(raw) || !isIdempotencyKey(raw)) return invalid(BAD_KEY_ERROR);
  return valid(raw);
}
