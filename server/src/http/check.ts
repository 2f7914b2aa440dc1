/**
 * The result type every parser of untrusted input returns, so a bad request becomes a clear
 * `{ error }` answer with the right status instead of an exception somewhere deep in a handler.
 */

/** A refusal: HTTP status and a message that names the offending field. */
export type Invalid = { ok: false; status: number; error: string };

/** Parsed value or refusal. */
export type Check<T> = { ok: true; value: T } | Invalid;

/** Wraps a parsed value. */
export const valid = <T>(value: T): Check<T> => ({ ok: true, value });

/** A 400 (or other status) refusal. */
export const invalid = (error: string, status = 400): Invalid => ({ ok: false, status, error });

/** A plain JSON object (not null, not an array), the only body shape the API accepts. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
