/**
 * Compressed JSON answers, by docs/api.md's rules: a body over 1 KiB is sent brotli-encoded when
 * the request's `Accept-Encoding` accepts `br`, else gzip when it accepts `gzip` (q-values
 * respected). Each answer is compressed whole, so it carries its exact `Content-Length`, and a HEAD
 * gets the same headers as its GET (Fastify's HEAD routes run the same onSend hooks). An answer of
 * up to `SYNC_COMPRESS_BYTES` (a page of notes) is compressed in this thread: the thread pool's
 * hand-offs cost more CPU than the compression itself at that size (measured: brotli 4 of a 34 kB
 * page, ≈ 0.25 ms in the thread against ≈ 0.45 ms through the pool). Larger ones go to the pool,
 * so a big collection never holds the event loop.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** The encodings the service may answer in. */
export type Encoding = 'br' | 'gzip';

/** Bodies of at most this many bytes are sent unencoded (compression would barely pay for its headers). */
export const MIN_COMPRESS_BYTES = 1024;

/** Bodies of at most this many bytes are compressed synchronously; larger ones on libuv's pool. */
export const SYNC_COMPRESS_BYTES = 64 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** q-values by coding name, from an `Accept-Encoding` value; unparsable q-values count as 0. */
function qualities(accept: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    let value = 1;
    for (const p of params) {
      const m = /^q\s*=\s*(.*)$/.exec(p);
      if (m) value = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(m[1] ?? '') ? Number(m[1]) : 0;
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, value);
  }
  return q;
}

/**
 * The encoding to answer in for a request's `Accept-Encoding` (RFC 9110 §12.5.3): the accepted one
 * (q > 0, named or through `*`, a named q winning over `*`) with the highest q, brotli on a tie;
 * null for none.
 */
export function chooseEncoding(accept: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(accept) ? accept.join(',') : accept;
  if (!value) return null;
  const q = qualities(value);
  const of = (name: Encoding): number => q.get(name) ?? q.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Brotli 4 in text mode, a usual setting for dynamic answers: on a 34 kB page of notes it takes half
 * the CPU of quality 5 for 9 % more bytes (3.5 kB against 3.2 kB). The window is sized to the body
 * (at least 1 << 16, at most brotli's default 1 << 22), so a small answer doesn't allocate 4 MB.
 */
const brotliOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 1)))),
  },
});

/** `plain` in `encoding`: in this thread up to SYNC_COMPRESS_BYTES, else on libuv's pool. */
export async function encode(plain: Buffer, encoding: Encoding): Promise<Buffer> {
  const small = plain.length <= SYNC_COMPRESS_BYTES;
  if (encoding === 'gzip') return small ? gzipSync(plain) : gzipAsync(plain);
  const options = brotliOptions(plain.length);
  return small ? brotliCompressSync(plain, options) : brotli(plain, options);
}

/**
 * The body to send and its encoding: `body` encoded when it is over `MIN_COMPRESS_BYTES` and the
 * request accepts an encoding, else the same bytes with encoding null.
 */
export async function encodeJson(
  body: string | Buffer,
  accept: string | string[] | undefined,
): Promise<{ bytes: Buffer; encoding: Encoding | null }> {
  const plain = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const encoding = plain.length > MIN_COMPRESS_BYTES ? chooseEncoding(accept) : null;
  return encoding ? { bytes: await encode(plain, encoding), encoding } : { bytes: plain, encoding: null };
}

/** A `Vary` value that names `Accept-Encoding` exactly once, keeping what it named before. */
export function varyWithAcceptEncoding(vary: string): string {
  const names = vary
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.some((n) => n === '*' || n.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}
