/**
 * Compressed answers as docs/api.md states them: JSON over 1 KiB in brotli when accepted, else
 * gzip (q-values respected), small ones plain; each with its exact Content-Length, however large;
 * every JSON answer names Accept-Encoding in Vary exactly once; a HEAD gets its GET's headers
 * (encoding and encoded length included) and no body.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  chooseEncoding,
  encodeJson,
  MIN_COMPRESS_BYTES,
  varyWithAcceptEncoding,
} from '../../../server/src/http/compression.ts';
import { type AppFixture, ASHA, learnerHeaders, newNoteBody, startApp } from '../support/app-fixture.ts';

test('chooseEncoding: brotli preferred, gzip as fallback, q-values respected', () => {
  const cases: [string | string[] | undefined, string | null][] = [
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR;Q=1, GZIP', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=bogus, gzip', 'gzip'],
    ['br;q=1.5', null],
    [' br ; q=0.001 ', 'br'],
    [['gzip', 'br;q=0.1'], 'gzip'],
  ];
  for (const [accept, want] of cases) assert.is(chooseEncoding(accept), want, String(accept));
});

test('encodeJson: small bodies stay plain; larger ones decode back to the same text', async () => {
  const small = JSON.stringify({ error: 'x'.repeat(MIN_COMPRESS_BYTES - 20) });
  assert.is((await encodeJson(small, 'br')).encoding, null);
  const big = JSON.stringify({
    notes: Array.from({ length: 40 }, (_, i) => ({ i, text: `note ${i} ünïcødé` })),
  });
  const br = await encodeJson(big, 'br, gzip');
  assert.is(br.encoding, 'br');
  assert.ok(br.bytes.length < Buffer.byteLength(big) / 3, `${br.bytes.length} of ${Buffer.byteLength(big)}`);
  assert.is(brotliDecompressSync(br.bytes).toString('utf8'), big);
  const gz = await encodeJson(big, 'gzip');
  assert.is(gz.encoding, 'gzip');
  assert.is(gunzipSync(gz.bytes).toString('utf8'), big);
  const plain = await encodeJson(big, undefined);
  assert.equal([plain.encoding, plain.bytes.toString('utf8')], [null, big]);
});

test('varyWithAcceptEncoding names it once, in any case, keeping the rest', () => {
  assert.is(varyWithAcceptEncoding(''), 'Accept-Encoding');
  assert.is(varyWithAcceptEncoding('Origin'), 'Origin, Accept-Encoding');
  assert.is(varyWithAcceptEncoding('Origin, accept-encoding'), 'Origin, accept-encoding');
  assert.is(varyWithAcceptEncoding('Accept-Encoding'), 'Accept-Encoding');
  assert.is(varyWithAcceptEncoding('*'), '*');
});

test.run();

const it = suite<{ fx: AppFixture }>('compression');
it.before(async (ctx) => {
  ctx.fx = await startApp();
  const c = ctx.fx.client(ASHA);
  for (let i = 0; i < 6; i++)
    await c.post('/notes/add', newNoteBody({ text: `note number ${i} `.repeat(10) }));
});
it.after(async (ctx) => {
  await ctx.fx.stop();
});

it('br when accepted, gzip otherwise, by q-value; the bytes decode to the plain answer', async ({ fx }) => {
  const c = fx.client(ASHA);
  const plain = await c.get('/notes/recent');
  assert.is(plain.headers['content-encoding'], undefined);
  assert.ok(plain.raw.length > 1024);
  const br = await c.get('/notes/recent', { 'accept-encoding': 'gzip, deflate, br' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(br.raw).toString(), plain.body);
  assert.ok(br.raw.length < plain.raw.length / 2);
  const gz = await c.get('/notes/recent', { 'accept-encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gz.raw).toString(), plain.body);
  const preferGzip = await c.get('/notes/recent', { 'accept-encoding': 'br;q=0.5, gzip;q=1' });
  assert.is(preferGzip.headers['content-encoding'], 'gzip');
  const none = await c.get('/notes/recent', { 'accept-encoding': 'br;q=0, gzip;q=0' });
  assert.is(none.headers['content-encoding'], undefined);
});

/** Adds `count` notes of about 2 kB each for BEN, so his first page of 100 is far over 64 KiB. */
async function fillBen(fx: AppFixture, count: number): Promise<void> {
  const c = fx.client(BEN_LEARNER);
  for (let i = 0; i < count; i++) {
    const text = Array.from({ length: 60 }, (_, w) => `w${(i * 7919 + w * 104729) % 100003}`).join(' ');
    await c.post('/notes/add', newNoteBody({ text, content: `<p>${text}</p>` }));
  }
}
const BEN_LEARNER = { rootOrg: 'ws', org: 'ws-org', wid: 'ben-big' };

/** The fixture's service on a loopback port (listening from the first test that asks). */
async function listening(fx: AppFixture): Promise<string> {
  const at = fx.app.server.address();
  if (at && typeof at === 'object') return `http://127.0.0.1:${at.port}`;
  return fx.app.listen({ port: 0, host: '127.0.0.1' });
}

/** GET over a real socket, the body undecoded, as a browser's network layer receives it. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

it('a large page (over 64 KiB) carries its exact encoded Content-Length, not chunks', async ({ fx }) => {
  await fillBen(fx, 100);
  const c = fx.client(BEN_LEARNER);
  const plain = await c.post('/notes/fetch', { limit: 100 });
  assert.ok(plain.raw.length > 64 * 1024, `${plain.raw.length} B`);
  for (const accept of ['br', 'gzip']) {
    const enc = await c.post('/notes/fetch', { limit: 100 }, { 'accept-encoding': accept });
    assert.is(enc.headers['content-encoding'], accept);
    assert.is(enc.headers['content-length'], String(enc.raw.length), accept);
    assert.is(enc.headers['transfer-encoding'], undefined, accept);
    const bytes = accept === 'br' ? brotliDecompressSync(enc.raw) : gunzipSync(enc.raw);
    assert.is(bytes.toString(), plain.body);
  }
  const url = await listening(fx);
  const sock = await rawGet(`${url}/api/v1/notes/recent`, {
    ...learnerHeaders(BEN_LEARNER),
    'accept-encoding': 'gzip, br',
  });
  assert.is(sock.headers['content-encoding'], 'br');
  assert.is(sock.headers['content-length'], String(sock.body.length));
  assert.is(sock.headers['transfer-encoding'], undefined);
});

/**
 * HEAD over a real socket, read to the connection's end: the status, the headers (names
 * lower-cased) and every byte the server sent after them (Node's HTTP client would drop them).
 */
function rawHead(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; after: number }> {
  const { hostname, port, pathname } = new URL(url);
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `HEAD ${pathname} HTTP/1.1\r\nhost: ${hostname}\r\nconnection: close\r\n${lines.join('')}\r\n`,
      ),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...rest] = all.subarray(0, end).toString('latin1').split('\r\n');
      const parsed = Object.fromEntries(
        rest.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, after: all.length - end - 4 });
    });
  });
}

it("HEAD gets its GET's headers, encoding and encoded length included, and no body", async ({ fx }) => {
  const c = fx.client(ASHA);
  const auth = learnerHeaders(ASHA);
  const url = await listening(fx);
  for (const accept of ['br', 'gzip', 'identity', undefined]) {
    const extra: Record<string, string> = accept === undefined ? {} : { 'accept-encoding': accept };
    for (const path of ['/notes/recent', '/notes/list/course', '/notes/nothing']) {
      const get = await c.get(path, extra);
      const head = await rawHead(`${url}/api/v1${path}`, { ...auth, ...extra });
      const label = `${path} ${accept}`;
      assert.is(head.status, get.status, label);
      assert.is(head.after, 0, `${label}: no body`);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'cache-control'])
        assert.is(head.headers[name], get.headers[name], `${label}: ${name}`);
    }
  }
  const br = await c.get('/notes/recent', { 'accept-encoding': 'br' });
  assert.is(br.headers['content-encoding'], 'br', 'the HEAD above was compared with a compressed GET');
});

it('Vary names Accept-Encoding exactly once, beside Origin when CORS adds it', async () => {
  const fx = await startApp({ allowedOrigins: ['https://portal.example'] });
  try {
    const c = fx.client(ASHA);
    for (let i = 0; i < 6; i++) await c.post('/notes/add', newNoteBody({ text: `note ${i} `.repeat(40) }));
    const origin = { origin: 'https://portal.example' };
    const big = await c.get('/notes/recent', { ...origin, 'accept-encoding': 'br' });
    const small = await c.get('/notes/list/course', { ...origin, 'accept-encoding': 'br' });
    assert.is(big.headers['content-encoding'], 'br');
    for (const r of [big, small]) assert.is(r.headers.vary, 'Origin, Accept-Encoding');
  } finally {
    await fx.stop();
  }
});

it('small answers stay plain; every JSON answer has Vary: Accept-Encoding and no-store', async ({ fx }) => {
  const c = fx.client(ASHA);
  for (const r of [
    await c.get('/notes/list/course', { 'accept-encoding': 'br' }),
    await c.get('/notes/nothing', { 'accept-encoding': 'br' }),
    await c.post('/notes/add', '{', { 'accept-encoding': 'br' }),
  ]) {
    assert.is(r.headers['content-encoding'], undefined);
    assert.is(r.headers.vary, 'Accept-Encoding');
    assert.is(r.headers['cache-control'], 'no-store');
    assert.is(r.headers['x-content-type-options'], 'nosniff');
  }
});

it.run();
