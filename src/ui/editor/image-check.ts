import type { Problem } from '../../notes/read/describe-error.ts';
import { checkImage as checkFile, UPLOAD_MESSAGES } from '../../notes/write/upload-image.ts';

/** The upload's limits, defined once with the upload itself (src/notes/write/upload-image.ts). */
export { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../notes/write/upload-image.ts';

/**
 * What is wrong with a file before a byte of it is sent (type, then size), or null when it may be
 * uploaded, as a problem the editor shows: the learner hears at once instead of after a long
 * upload the server refuses.
 */
export function checkImage(file: { type: string; size: number }): Problem | null {
  const message = checkFile(file);
  return message ? { kind: 'other', retry: false, message } : null;
}

/** Said when an upload failed without a message of its own (no upload service, a thrown error). */
export const UPLOAD_FAILED: Problem = { kind: 'other', retry: true, message: UPLOAD_MESSAGES.failed };
