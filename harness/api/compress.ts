/**
 * Compressed JSON answers (issue 8), as real API servers send them: on slow links the bytes of a
 * notes page are most of the wait, and JSON shrinks several times. Brotli is preferred, gzip is the
 * fallback, and small bodies stay as they are (compression would barely pay for its headers).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings the API may answer in. */
export type Encoding = 'br' | 'gzip';

/** Bodies of at most this many bytes are sent unencoded. */
export const MIN_COMPRESS_BYTES = 1024;

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
 * (q > 0, named or through `*`) with the highest q, brotli on a tie; null for none.
 */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const q = qualities(accept);
  const of = (name: Encoding): number => q.get(name) ?? q.get('*') ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * The body to send and its encoding: `text` encoded when it is over `MIN_COMPRESS_BYTES` and the
 * client accepts an encoding, else the plain UTF-8 bytes with encoding null. Brotli runs at
 * quality 5, a usual setting for dynamic answers: close to the best size, a few ms for 100 kB.
 */
export function encodeJson(
  text: string,
  accept: string | undefined,
): { bytes: Buffer; encoding: Encoding | null } {
  const plain = Buffer.from(text, 'utf8');
  const encoding = plain.length > MIN_COMPRESS_BYTES ? chooseEncoding(accept) : null;
  if (encoding === 'br') {
    const bytes = brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    });
    return { bytes, encoding };
  }
  if (encoding === 'gzip') return { bytes: gzipSync(plain), encoding };
  return { bytes: plain, encoding: null };
}
