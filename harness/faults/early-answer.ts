/**
 * An answer the notes service sent before it had read the whole request body, recovered from the
 * bytes the upstream socket received. Fastify refuses an oversized body (413) or a bad token (401)
 * as soon as it knows, with `Connection: close`, and closes while the proxy is still sending; Node's
 * HTTP client then reports the failed write (EPIPE, ECONNRESET) and drops the answer it had
 * already received. The proxy keeps a copy of what arrived (bounded) and reads such a complete,
 * small, Content-Length answer back here, so the client gets the service's own refusal.
 */
import type { Socket } from 'node:net';

/** An answer read from raw bytes. */
export type EarlyAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** More than any refusal the service sends early; a longer answer is streamed the normal way. */
const MAX_KEPT = 64 * 1024;

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: [^\r\n]*)?$/;

/** Keeps the first bytes `socket` receives, for `readEarlyAnswer`. */
export function keepFirstBytes(socket: Socket): () => Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    if (size >= MAX_KEPT) return void socket.off('data', onData);
    chunks.push(chunk);
    size += chunk.length;
  };
  socket.on('data', onData);
  return () => {
    socket.off('data', onData);
    return Buffer.concat(chunks);
  };
}

/** The one complete answer in `bytes` (status line, headers, a body of its Content-Length), else null. */
export function readEarlyAnswer(bytes: Buffer): EarlyAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = STATUS_LINE.exec(statusLine);
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers['transfer-encoding'] !== undefined) return null;
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length) || length < 0) return null;
  const body = bytes.subarray(end + 4, end + 4 + length);
  if (body.length !== length) return null;
  return { status: Number(status[1]), headers, body: Buffer.from(body) };
}
