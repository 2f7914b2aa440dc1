/**
 * `POST /file/upload` (one `file` field, read by @fastify/multipart) and the public
 * `GET /files/{name}` that serves uploads back without auth, so an `<img>` can load them.
 * Uploads are accepted only as PNG, JPEG, GIF or WebP by their bytes, at most 5 MB, within the
 * learner's quota; served with `nosniff`, a sandboxing CSP and immutable caching.
 */
import type { IncomingMessage } from 'node:http';
import type { MultipartFile } from '@fastify/multipart';
import { API_BASE } from '../../../src/protocol/api-types.ts';
import { cutIfUnfinished, discardRest } from '../http/discard-body.ts';
import { type Call, errorReply, type Reply, type RouteSpec } from '../http/route-spec.ts';
import { MAX_MULTIPART_BODY_BYTES, MAX_UPLOAD_BYTES } from '../notes/limits.ts';
import { errorSchema } from '../notes/schemas.ts';
import type { NotesStore } from '../parts.ts';
import type { FilesDir } from './files-dir.ts';
import { sniffImage } from './image-sniff.ts';

/** What the file routes need; `filesUrl` is the prefix the upload answers (default below). */
export type FilesDeps = {
  store: NotesStore;
  files: FilesDir;
  now: () => Date;
  quotaBytes: number;
  filesUrl?: string;
};

/** Where uploads are served by default. */
export const FILES_PATH = `${API_BASE}/files/`;

/** Headers of a served upload: never sniffed into HTML, sandboxed if opened, cached for good. */
export const SERVED_FILE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'public, max-age=31536000, immutable',
};

/** A safe display name for the uploaded file: its base name, no control characters, bounded. */
export function cleanFileName(raw: string | undefined, ext: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c !== '\u007f').join('');
  const clean = printable.trim().slice(0, 255);
  return clean === '' ? `upload.${ext}` : clean;
}

type Received = { ok: true; file: MultipartFile; bytes: Buffer } | { ok: false; reply: Reply };

const tooBig = () => errorReply(413, `file must be at most ${MAX_UPLOAD_BYTES} bytes`);

/** The answer to a multipart body over MAX_MULTIPART_BODY_BYTES. */
export const bodyTooBig = (): Reply =>
  errorReply(413, `request body must be at most ${MAX_MULTIPART_BODY_BYTES} bytes`);

/**
 * Settles `over` once more than `limit` bytes of `raw`'s body have arrived (a chunked body says
 * its size only by arriving); `stop` ends the count. Attach it after the parser is piped, since a
 * 'data' listener starts the flow.
 */
function countBody(raw: IncomingMessage, limit: number): { over: Promise<void>; stop(): void } {
  let seen = 0;
  let onData = (_chunk: Buffer): void => undefined;
  const over = new Promise<void>((resolve) => {
    onData = (chunk) => {
      seen += chunk.length;
      if (seen > limit) {
        raw.off('data', onData);
        resolve();
      }
    };
  });
  raw.on('data', onData);
  return { over, stop: () => raw.off('data', onData) };
}

/**
 * Reads the parts: exactly one `file` field that is a file; other fields are ignored. Once the
 * body passes its limit the answer is a 413 at once; the parser goes on reading the rest (files
 * are drained, not kept) so the client can finish sending and read it, for LINGER_MS at most.
 */
async function receive(call: Call): Promise<Received> {
  let found: { file: MultipartFile; bytes: Buffer } | null = null;
  let files = 0;
  let refused = false;
  const raw = call.request.raw;
  const parts = call.request
    .parts({ limits: { fileSize: MAX_UPLOAD_BYTES, parts: 20, files: 20 } })
    [Symbol.asyncIterator]();
  // The first next() pipes the body into the parser; only then may the count listen to it.
  const first = parts.next();
  const size = countBody(raw, MAX_MULTIPART_BODY_BYTES);
  const read = async (): Promise<Received> => {
    try {
      for (let r = await first; !r.done; r = await parts.next()) {
        const part = r.value;
        if (refused || part.fieldname !== 'file') {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        files++;
        if (part.type !== 'file') return { ok: false, reply: errorReply(400, 'file field must be a file') };
        const bytes = await part.toBuffer();
        if (files === 1) found = { file: part, bytes };
      }
    } catch (e) {
      return { ok: false, reply: multipartError(e) };
    } finally {
      size.stop();
    }
    if (files === 0 || !found) return { ok: false, reply: errorReply(400, 'file field is missing') };
    if (files > 1) return { ok: false, reply: errorReply(400, 'file field must appear only once') };
    return { ok: true, ...found };
  };
  const tooLarge = size.over.then((): Received => {
    refused = true;
    cutIfUnfinished(raw);
    return { ok: false, reply: bodyTooBig() };
  });
  return Promise.race([read(), tooLarge]);
}

/** A parser error as an answer: the file over its limit is a 413, the rest name what is wrong. */
function multipartError(e: unknown): Reply {
  const code = (e as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooBig();
  if (/LIMIT/.test(code)) return errorReply(400, 'multipart body is malformed: too many parts');
  const why = e instanceof Error ? e.message.replace(/^Multipart: /, '') : 'unreadable';
  if (/boundary not found/i.test(why)) return errorReply(400, 'Content-Type has no valid multipart boundary');
  return errorReply(400, `multipart body is malformed: ${why}`);
}

async function upload(call: Call, deps: FilesDeps): Promise<Reply> {
  if (!call.request.isMultipart()) return errorReply(415, 'Content-Type must be multipart/form-data');
  if (Number(call.request.headers['content-length']) > MAX_MULTIPART_BODY_BYTES) {
    discardRest(call.request.raw);
    return bodyTooBig();
  }
  const got = await receive(call);
  if (!got.ok) return got.reply;
  const { file, bytes } = got;
  if (bytes.length === 0) return errorReply(400, 'file must not be empty');
  const kind = sniffImage(bytes);
  if (!kind) return errorReply(415, 'file must be a PNG, JPEG, GIF or WebP image');
  const learner = call.caller.learner;
  const used = await deps.store.fileBytes(learner);
  if (used + bytes.length > deps.quotaBytes) {
    return errorReply(
      413,
      `upload quota exceeded: ${used} of ${deps.quotaBytes} bytes used, this file needs ${bytes.length}`,
    );
  }
  const name = await deps.files.save(bytes, kind);
  await deps.store.addFile(learner, {
    name,
    size: bytes.length,
    type: kind.type,
    createdOn: deps.now().toISOString(),
  });
  return {
    status: 200,
    body: {
      url: `${deps.filesUrl ?? FILES_PATH}${name}`,
      name: cleanFileName(file.filename, kind.ext),
      size: bytes.length,
      type: kind.type,
    },
  };
}

async function serve(call: Call, deps: FilesDeps): Promise<Reply> {
  const name = (call.request.params as Record<string, string>).name ?? '';
  const found = await deps.files.read(name);
  return found ? { status: 200, file: found.bytes, type: found.type } : errorReply(404, 'file not found');
}

const uploadResult = {
  type: 'object',
  required: ['url', 'name', 'size', 'type'],
  properties: {
    url: { type: 'string', description: 'where the file is served, without auth' },
    name: { type: 'string' },
    size: { type: 'integer' },
    type: { enum: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  },
};

/** The file routes, bound to their parts. */
export function filesRoutes(deps: FilesDeps): RouteSpec[] {
  const err = (description: string) => ({ description, schema: errorSchema });
  return [
    {
      method: 'POST',
      path: '/api/v1/file/upload',
      summary: 'Stores an image (PNG, JPEG, GIF or WebP by its bytes, at most 5 MB)',
      auth: true,
      bodyLimit: MAX_MULTIPART_BODY_BYTES,
      multipart: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
      answers: {
        200: { description: 'stored', schema: uploadResult },
        400: err('no file field, two of them, an empty file or a malformed body'),
        401: err('no valid token'),
        413: err('over 5 MB, or over the learner’s upload quota'),
        415: err('not multipart, or not one of the four image types'),
        429: err('too many requests from this learner'),
      },
      handle: (c) => upload(c, deps),
    },
    {
      method: 'GET',
      path: '/api/v1/files/:name',
      summary: 'An uploaded image, served without auth',
      auth: false,
      params: { name: { type: 'string', pattern: '^[0-9a-f]{32}\\.(png|jpg|gif|webp)$' } },
      answers: {
        200: { description: 'the image', contentType: 'image/*' },
        404: err('no such file'),
      },
      handle: (c) => serve(c, deps),
    },
  ];
}
