/**
 * Sends a large generated body over a raw TCP socket without holding it in memory, for tests of
 * what a server (or the proxy in front of it) answers when the body is far over its limit. Raw,
 * because node's own http client stops sending (or stalls) once an early answer has ended, and
 * these tests must see whether the server lets a client that keeps sending, as browsers do,
 * finish its upload and read the answer instead of a reset.
 */
import { connect, type Socket } from 'node:net';

/** What the client saw: the answer, and how far the upload got. */
export type UploadAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Bytes of the body written to the socket. */
  sent: number;
  /** Why sending stopped early, if it did (the server cut the connection). */
  uploadError?: string;
};

/** How to send: `chunked` leaves out Content-Length, so the server only learns the size by reading. */
export type UploadInit = {
  method?: string;
  headers?: Record<string, string>;
  total: number;
  chunked?: boolean;
};

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

const writeAll = (socket: Socket, data: Buffer | string): Promise<void> =>
  new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error('socket closed'));
    if (socket.write(data)) return resolve();
    const done = (err?: Error): void => {
      socket.off('drain', done).off('close', done);
      if (err || socket.destroyed) reject(err ?? new Error('socket closed'));
      else resolve();
    };
    socket.once('drain', done).once('close', done);
  });

/** Writes the head and `total` bytes in 64 KiB slices (chunk-framed if asked), honouring back-pressure. */
async function send(socket: Socket, url: URL, init: UploadInit, count: (n: number) => void): Promise<void> {
  const framing = init.chunked
    ? { 'transfer-encoding': 'chunked' }
    : { 'content-length': String(init.total) };
  const headers = { host: url.host, ...init.headers, ...framing };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  await writeAll(
    socket,
    `${init.method ?? 'POST'} ${url.pathname}${url.search} HTTP/1.1\r\n${lines.join('')}\r\n`,
  );
  for (let left = init.total; left > 0; left -= CHUNK.length) {
    const part = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    await writeAll(
      socket,
      init.chunked
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
        : part,
    );
    count(part.length);
  }
  if (init.chunked) await writeAll(socket, '0\r\n\r\n');
}

/** Parses one response with a Content-Length body out of `bytes`, or undefined while incomplete. */
function parseAnswer(bytes: Buffer): Omit<UploadAnswer, 'sent'> | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length))
    throw new Error(`the test client needs a Content-Length answer: ${statusLine}`);
  if (bytes.length < end + 4 + length) return undefined;
  const status = Number(statusLine.split(' ')[1]);
  return { status, headers, body: bytes.subarray(end + 4, end + 4 + length) };
}

/**
 * Streams `init.total` bytes to `url` and resolves once the answer has been read and the upload has
 * ended, either completely or because the server cut the connection (reported in `uploadError`).
 * Rejects when the connection ends before a whole answer arrived.
 */
export function streamUpload(url: string, init: UploadInit): Promise<UploadAnswer> {
  const target = new URL(url);
  const socket = connect({ host: target.hostname, port: Number(target.port) });
  let received = Buffer.alloc(0);
  let sent = 0;
  const answer = new Promise<Omit<UploadAnswer, 'sent'>>((resolve, reject) => {
    socket.on('data', (c: Buffer) => {
      received = Buffer.concat([received, c]);
      try {
        const parsed = parseAnswer(received);
        if (parsed) resolve(parsed);
      } catch (err) {
        reject(err);
      }
    });
    socket.on('close', () =>
      reject(new Error(`connection closed before a whole answer (${received.length} bytes)`)),
    );
  });
  answer.catch(() => undefined); // observed below; this keeps an early rejection from going unhandled
  socket.on('error', () => undefined); // surfaces as a write failure and/or the close above
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('connection closed')));
  });
  const upload = connected.then(() => send(socket, target, init, (n) => (sent += n)));
  return Promise.allSettled([upload]).then(async ([sending]) => {
    try {
      const got = await answer;
      const uploadError =
        sending?.status === 'rejected' ? String((sending.reason as Error).message) : undefined;
      return { ...got, sent, ...(uploadError ? { uploadError } : {}) };
    } finally {
      socket.destroy();
    }
  });
}
