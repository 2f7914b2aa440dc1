import type { Problem } from '../notes/describe-error.ts';

/** The image types the upload takes (DESIGN §5), also the file picker's `accept`. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The largest image the upload takes: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * What is wrong with a file before a byte of it is sent (type, then size), or null when it may be
 * uploaded: the learner hears at once instead of after a long upload the server refuses.
 */
export function checkImage(file: { type: string; size: number }): Problem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return { kind: 'other', retry: false, message: 'Only PNG, JPEG, GIF or WebP images can be added.' };
  if (file.size > MAX_IMAGE_BYTES)
    return { kind: 'other', retry: false, message: 'Images can be at most 5 MB.' };
  return null;
}

/** Said when an upload failed without a message of its own (no upload service, a thrown error). */
export const UPLOAD_FAILED: Problem = {
  kind: 'other',
  retry: true,
  message: 'The image could not be uploaded. Try again.',
};
