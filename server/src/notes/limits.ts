/**
 * The numbers the service enforces (the same as the mock API's, docs/api.md), in one place so tests, docs and handlers quote the same ones.
 */

/** Largest note `content` (and `text`) in UTF-8 bytes: 100 kB (docs/api.md). */
export const MAX_CONTENT_BYTES = 100 * 1024;

/** Largest JSON request body; well above a maximal note with its text. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Largest uploaded image (docs/api.md). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Largest multipart body: the image plus room for boundaries, headers and small extra fields. */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** Longest id (refId, moduleId, courseId, appRef, noteId) in characters. */
export const MAX_ID_CHARS = 256;

/** Longest title, domain or display name in characters. */
export const MAX_TITLE_CHARS = 1000;

/** Tags per note and characters (graphemes) per tag: the app's own rules (src/protocol/tag-rules.ts). */
export { MAX_TAG_CHARS, MAX_TAGS } from '../../../src/protocol/tag-rules.ts';

/** Longest search query in characters. */
export const MAX_QUERY_CHARS = 500;

/** Page size bounds and default for both fetch calls. */
export const MIN_LIMIT = 1;
export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

/** How many notes `GET /notes/recent` returns. */
export const RECENT_COUNT = 20;

/** Longest cursor accepted (base64url of a position). */
export const MAX_CURSOR_CHARS = 2048;
