/**
 * Reading request bodies under a size cap and writing replies, with the headers every answer
 * needs. Handlers return a `Reply` value; only this module touches the response object.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { discardRest } from '../shared/discard-body.ts';
import { type Check, invalid, valid } from './check.ts';
import { encodeJson } from './compress.ts';

/** A JSON answer (every API answer) or a stored file (uploaded images). */
export type Reply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: 200; file: Buffer; type: string };

/** Shorthand for an `{ error }` answer. */
export const errorReply = (status: number, error: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { error },
  ...(headers ? { headers } : {}),
});

/**
 * Reads the whole body if it is at most `cap` bytes. A larger one is a 413 as soon as that is
 * known (from Content-Length, or once `cap` bytes have been read); the rest of it is discarded
 * for a bounded time (`discardRest`) so the client reads the answer instead of a reset. An aborted
 * body is a 400.
 */
export function readBody(req: IncomingMessage, cap: number): Promise<Check<Buffer>> {
  const tooBig = (): Check<Buffer> => {
    discardRest(req);
    return invalid(`request body must be at most ${cap} bytes`, 413);
  };
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > cap) return Promise.resolve(tooBig());
  // The client gave up before the body was read (say, during an injected delay): no event comes again.
  if (req.destroyed) return Promise.resolve(invalid('request body was not received completely'));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: () => Check<Buffer>) => {
      if (done) return;
      done = true;
      resolve(result());
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
      else {
        chunks.length = 0;
        finish(tooBig);
      }
    });
    req.on('end', () => finish(() => valid(Buffer.concat(chunks, size))));
    req.on('error', () => finish(() => invalid('request body was not received completely')));
    req.on('close', () => finish(() => invalid('request body was not received completely')));
  });
}

const COMMON = { 'X-Content-Type-Options': 'nosniff' };

/**
 * How to answer: a HEAD gets headers only, `closing` adds `Connection: close`, and `accept` is the
 * request's Accept-Encoding (a JSON body over 1 KiB is then sent br- or gzip-encoded).
 */
export type SendOptions = { head: boolean; closing: boolean; accept?: string | undefined };

/**
 * Writes a reply unless the socket is gone or an answer was already sent. Every JSON answer says
 * `Vary: Accept-Encoding`, since its bytes depend on it; stored images are sent as they are.
 */
export function sendReply(res: ServerResponse, reply: Reply, options: SendOptions): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const { head, closing } = options;
  const connection: Record<string, string> = closing ? { Connection: 'close' } : {};
  if ('file' in reply) {
    res.writeHead(200, {
      ...COMMON,
      ...connection,
      'Content-Type': reply.type,
      'Content-Length': String(reply.file.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'",
    });
    res.end(head ? undefined : reply.file);
    return;
  }
  const { bytes, encoding } = encodeJson(JSON.stringify(reply.body), options.accept);
  res.writeHead(reply.status, {
    ...COMMON,
    ...connection,
    ...reply.headers,
    'Content-Type': 'application/json; charset=utf-8',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(bytes.length),
    Vary: 'Accept-Encoding',
    'Cache-Control': 'no-store',
  });
  res.end(head ? undefined : bytes);
}
