import { isApiError } from '../../api/api-error.ts';
import type { WriteApi } from '../../api/write-api.ts';

/** The image types the upload takes (docs/api.md). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The largest image the upload takes: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** What a learner is told when an image can't be added (message keys). */
export const UPLOAD_MESSAGES = {
  type: 'Only PNG, JPEG, GIF or WebP images can be added.',
  size: 'Images can be at most 5 MB.',
  failed: 'The image could not be uploaded. Try again.',
} as const;

/** How an upload ended: the URL to embed, or a message key saying why not. */
export type UploadOutcome = { ok: true; url: string } | { ok: false; message: string };

/** Says what is wrong with a file before any byte is sent, or null when it may be uploaded. */
export function checkImage(file: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return UPLOAD_MESSAGES.type;
  if (file.size > MAX_IMAGE_BYTES) return UPLOAD_MESSAGES.size;
  return null;
}

/**
 * Uploads an image through `POST /file/upload`, reporting progress as a fraction. The file is
 * checked first, and the server's refusal (a type it sniffed differently, 413) is said after; only
 * the URL the server returned is ever embedded.
 */
export async function uploadImage(
  api: Pick<WriteApi, 'uploadFile'>,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  const wrong = checkImage(file);
  if (wrong) return { ok: false, message: wrong };
  try {
    const done = await api.uploadFile(file, file.name, {
      onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
    });
    return { ok: true, url: done.url };
  } catch (error) {
    const status = isApiError(error) ? error.status : null;
    if (status === 413) return { ok: false, message: UPLOAD_MESSAGES.size };
    if (status === 415 || status === 400) return { ok: false, message: UPLOAD_MESSAGES.type };
    return { ok: false, message: UPLOAD_MESSAGES.failed };
  }
}
