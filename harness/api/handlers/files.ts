/**
 * `POST /file/upload` and the public `GET /files/{name}` that serves uploads back. Uploads are
 * accepted only as PNG, JPEG, GIF or WebP by their magic bytes, at most 5 MB.
 */
import { errorReply, type Reply } from '../http-io.ts';
import { sniffImage } from '../image-sniff.ts';
import { MAX_UPLOAD_BYTES } from '../limits.ts';
import { boundaryOf, parseMultipart } from '../multipart.ts';
import { FILES_PATH } from '../uploads.ts';
import type { Call, PublicCall, Services } from './call.ts';

/** A safe display name for the uploaded file: its base name, no control characters, bounded. */
export function cleanFileName(raw: string | null, ext: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c !== '\u007f').join('');
  const clean = printable.trim().slice(0, 255);
  return clean === '' ? `upload.${ext}` : clean;
}

/** Stores the one `file` field and answers `{ url, name, size, type }`. */
export async function uploadFile(call: Call, s: Services): Promise<Reply> {
  const boundary = boundaryOf(call.contentType);
  if (!boundary.ok) return errorReply(boundary.status, boundary.error);
  const parts = parseMultipart(call.body, boundary.value);
  if (!parts.ok) return errorReply(parts.status, parts.error);
  const files = parts.value.filter((p) => p.name === 'file');
  if (files.length === 0) return errorReply(400, 'file field is missing');
  if (files.length > 1) return errorReply(400, 'file field must appear only once');
  const file = files[0]!;
  if (file.filename === null) return errorReply(400, 'file field must be a file');
  if (file.data.length === 0) return errorReply(400, 'file must not be empty');
  if (file.data.length > MAX_UPLOAD_BYTES)
    return errorReply(413, `file must be at most ${MAX_UPLOAD_BYTES} bytes`);
  const kind = sniffImage(file.data);
  if (!kind) return errorReply(415, 'file must be a PNG, JPEG, GIF or WebP image');
  try {
    const name = await s.uploads.save(file.data, kind);
    const result = {
      url: `${s.filesUrl ?? FILES_PATH}${name}`,
      name: cleanFileName(file.filename, kind.ext),
      size: file.data.length,
      type: kind.type,
    };
    return { status: 200, body: result };
  } catch {
    return errorReply(500, 'The file could not be stored');
  }
}

/** Serves a stored upload with its image Content-Type; unknown names are a JSON 404. */
export async function serveFile(call: PublicCall, s: Services): Promise<Reply> {
  const found = await s.uploads.read(call.params.name ?? '');
  return found ? { status: 200, file: found.bytes, type: found.type } : errorReply(404, 'file not found');
}
