/**
 * Compressed JSON answers, by docs/api.md's rules: a body over 1 KiB is sent brotli-encoded when
 * the request's `Accept-Encoding` accepts `br`, else gzip when it accepts `gzip` (q-values
 * respected). Each answer is compressed whole by zlib's one-shot calls, which run on libuv's
 * thread pool: the event loop stays free, the answer carries its exact `Content-Length`, and a
 * HEAD gets the same headers as its GET (Fastify's HEAD routes run the same onSend hooks).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The encodings the service may answer in. */
export type Encoding = 'br' | 'gzip';

/** Bodies of at most this many bytes are sent unencoded (compression would barely pay for its headers). */
export const MIN_COMPRESS_BYTES = 1024;

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

/** `plain` in `encoding`; brotli at quality 5 in text mode, a usual setting for dynamic answers. */
export function encode(plain: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(plain);
  return brotli(plain, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
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
