/**
 * Identifies uploaded images by their magic bytes, never by file name or declared type, so a
 * script renamed `cat.png` can't be stored and served back as an image.
 */

/** An accepted image kind: the extension it is stored under and the Content-Type it is served with. */
export type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; type: string };

const startsWith = (bytes: Uint8Array, sig: number[], at = 0): boolean =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The image kind of `bytes`, or null when they are not PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', type: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', type: 'image/jpeg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { ext: 'gif', type: 'image/gif' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { ext: 'webp', type: 'image/webp' };
  return null;
}

/** Content-Type for a stored file's extension (the served name is `<id>.<ext>`). */
export function typeForExt(ext: string): string | null {
  const types: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
  };
  return Object.hasOwn(types, ext) ? (types[ext] ?? null) : null;
}
