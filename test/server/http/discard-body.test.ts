import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { closeServer, listen } from '../../../harness/shared/listen.ts';
import { discardRest } from '../../../server/src/http/discard-body.ts';
import { streamUpload } from '../../harness/support/stream-upload.ts';

type Ctx = { server: Server; port: number };
const it = suite<Ctx>('discardRest');
const LINGER = 300;
/** The linger for a client that keeps sending: 8 MiB must fit in it even on a loaded machine. */
const LONG_LINGER = 60_000;

it.before(async (ctx) => {
  ctx.server = createServer((req, res) => {
    const linger = req.url === '/keeps-sending' ? LONG_LINGER : LINGER;
    discardRest(req, linger);
    discardRest(req, linger); // a second call changes nothing
    res.writeHead(413, { 'content-type': 'text/plain', 'content-length': '3' });
    res.end('big');
  });
  ctx.port = await listen(ctx.server, 0, '127.0.0.1');
});
it.after(async (ctx) => {
  await closeServer(ctx.server);
});

it('a client that keeps sending gets the early answer and can finish its body', async ({ port }) => {
  const res = await streamUpload(`http://127.0.0.1:${port}/keeps-sending`, { total: 8 * 1024 * 1024 });
  assert.is(res.status, 413);
  assert.is(res.body.toString(), 'big');
  assert.is(res.uploadError, undefined);
  assert.is(res.sent, 8 * 1024 * 1024);
});

it('a client that stops sending is cut off after the linger time, not before', async ({ port }) => {
  const socket = connect({ host: '127.0.0.1', port });
  const started = performance.now();
  socket.write('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\nonly a little');
  let answer = '';
  socket.on('data', (c: Buffer) => {
    answer += c.toString();
  });
  await new Promise((resolve) => socket.on('close', resolve));
  const waited = performance.now() - started;
  assert.match(answer, /^HTTP\/1\.1 413 /);
  assert.ok(waited >= LINGER - 20, `closed after ${waited} ms`);
  assert.ok(waited < LINGER + 2000, `closed after ${waited} ms`);
});

it.run();
