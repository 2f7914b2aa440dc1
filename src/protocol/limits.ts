/**
 * The API contract's limits (docs/api.md "Limits"), stated once: the notes service enforces them and
 * `harness check-api` holds any notes API to them, so the two cannot drift apart.
 */

/** Tags per note and characters (graphemes) per tag: the app's own rules. */
export { MAX_TAG_CHARS, MAX_TAGS } from './tag-rules.ts';

/** Largest note `content` (and `text`) in UTF-8 bytes: 100 KiB; over it, 413. */
export const MAX_CONTENT_BYTES = 100 * 1024;

/** Largest JSON request body: 1 MiB, well above a maximal note with its text; over it, 413. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Largest uploaded image: 5 MiB; over it, 413. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Longest id in characters: refId, moduleId, courseId, appRef, noteId, and the rootorg, org and wid headers. */
export const MAX_ID_CHARS = 256;

/** Longest title, display name or `domain` in characters. */
export const MAX_TITLE_CHARS = 1000;

/** Longest search query in characters. */
export const MAX_QUERY_CHARS = 500;

/** Page size bounds and default for both fetch calls. */
export const MIN_LIMIT = 1;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

/** How many notes `GET /notes/recent` returns. */
export const RECENT_COUNT = 20;

/** Longest `Idempotency-Key` in characters (a UUID needs 36). */
export const MAX_IDEMPOTENCY_KEY_CHARS = 200;
