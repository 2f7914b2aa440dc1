/**
 * A small multipart/form-data parser (RFC 7578) for `POST /file/upload`: the boundary comes
 * from Content-Type, the whole (size-capped) body is split into parts, and anything malformed is
 * a 400 rather than a guess.
 */
import { type Check, invalid, valid } from './check.ts';

/** One form field; `filename` is null for plain (non-file) fields. */
export type MultipartPart = {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
};

const MAX_PARTS = 20;
const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Reads `name="value"` / `name=value` parameters after the first `;` of a header value. */
export function headerParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const m of value.matchAll(re)) {
    const key = (m[1] ?? '').toLowerCase();
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
    if (!params.has(key)) params.set(key, raw);
  }
  return params;
}

/** The boundary of a `multipart/form-data` Content-Type, or a 400 saying what is wrong. */
export function boundaryOf(contentType: string | undefined): Check<string> {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') return invalid('Content-Type must be multipart/form-data', 415);
  const boundary = headerParams(contentType ?? '').get('boundary');
  if (!boundary || boundary.length > 70 || /[\r\n]/.test(boundary)) {
    return invalid('Content-Type has no valid multipart boundary');
  }
  return valid(boundary);
}

const malformed = (why: string) => invalid(`multipart body is malformed: ${why}`);

function parseHeaders(block: string): Check<Omit<MultipartPart, 'data'>> {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return malformed('a part header has no name');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) return malformed('a part is not form-data');
  const params = headerParams(disposition);
  const name = params.get('name');
  if (name === undefined) return malformed('a part has no name');
  return valid({ name, filename: params.get('filename') ?? null, contentType });
}

/** Splits a multipart body into parts. A missing final boundary or bad part headers is a 400. */
export function parseMultipart(body: Buffer, boundary: string): Check<MultipartPart[]> {
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let pos: number;
  if (body.subarray(0, delimiter.length).equals(delimiter)) pos = delimiter.length;
  else {
    const first = body.indexOf(between);
    if (first < 0) return malformed('the boundary never appears');
    pos = first + between.length;
  }
  const parts: MultipartPart[] = [];
  for (;;) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return valid(parts);
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (!body.subarray(pos, pos + 2).equals(CRLF))
      return malformed('a boundary line is not followed by CRLF');
    pos += 2;
    if (parts.length >= MAX_PARTS) return malformed(`more than ${MAX_PARTS} parts`);
    const headerEnd = body.indexOf(HEADER_END, pos);
    if (headerEnd < 0 || headerEnd - pos > MAX_HEADER_BYTES) return malformed('part headers never end');
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('utf8'));
    if (!headers.ok) return headers;
    const dataStart = headerEnd + HEADER_END.length;
    const next = body.indexOf(between, dataStart);
    if (next < 0) return malformed('the closing boundary is missing');
    parts.push({ ...headers.value, data: body.subarray(dataStart, next) });
    pos = next + between.length;
  }
}
