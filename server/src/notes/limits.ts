/**
 * The numbers the service enforces: the contract's (src/protocol/limits.ts, shared with `harness
 * check-api`) and the service's own, in one place so tests, docs and handlers quote the same ones.
 */
export {
  DEFAULT_LIMIT,
  MAX_CONTENT_BYTES,
  MAX_ID_CHARS,
  MAX_IDEMPOTENCY_KEY_CHARS,
  MAX_JSON_BODY_BYTES,
  MAX_LIMIT,
  MAX_QUERY_CHARS,
  MAX_TAG_CHARS,
  MAX_TAGS,
  MAX_TITLE_CHARS,
  MAX_UPLOAD_BYTES,
  MIN_LIMIT,
  RECENT_COUNT,
} from '../../../src/protocol/limits.ts';

import { MAX_UPLOAD_BYTES } from '../../../src/protocol/limits.ts';

/** Largest multipart body: the image plus room for boundaries, headers and small extra fields. */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** Longest cursor accepted (base64url of a position). */
export const MAX_CURSOR_CHARS = 2048;
