import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PLAYER_DATA } from '../../../harness/api/seed.ts';
import { type RawResponse, rawRequest } from '../support/raw-http.ts';
import { type Fixture, headersFor, newNoteBody, seeded, startFixture } from './support/api-fixture.ts';

type Ctx = { fx: Fixture };
const it = suite<Ctx>('server: compressed JSON answers');

it.before(async (ctx) => {
  ctx.fx = await startFixture({ now: () => new Date('2025-03-01T09:00:00.000Z') });
  const url = `${ctx.fx.api.url}/api/v1/notes/add`;
  for (let i = 0; i < 30; i++) {
    const body = JSON.stringify(newNoteBody({ content: `<p>note ${i}: the gradient points uphill</p>` }));
    await rawRequest(url, { method: 'POST', headers: headersFor(seeded(0)), body });
  }
});
it.after(async (ctx) => {
  await ctx.fx.stop();
});

const fetchPage = (fx: Fixture, accept?: string): Promise<RawResponse> =>
  rawRequest(`${fx.api.url}/api/v1/notes/fetch`, {
    method: 'POST',
    headers: { ...headersFor(seeded(0)), ...(accept === undefined ? {} : { 'accept-encoding': accept }) },
    body: JSON.stringify({ limit: 100 }),
  });

const decode = (res: RawResponse): unknown => {
  const enc = res.headers['content-encoding'];
  const bytes =
    enc === 'br' ? brotliDecompressSync(res.body) : enc === 'gzip' ? gunzipSync(res.body) : res.body;
  return JSON.parse(bytes.toString('utf8'));
};

it('a big fetch answer is brotli when accepted: smaller, Content-Length right, same JSON', async ({ fx }) => {
  const plain = await fetchPage(fx);
  const br = await fetchPage(fx, 'gzip, deflate, br, zstd');
  assert.is(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: identity');
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(br.headers.vary, 'Accept-Encoding');
  assert.is(plain.headers.vary, 'Accept-Encoding');
  assert.is(Number(br.headers['content-length']), br.body.length);
  assert.is(Number(plain.headers['content-length']), plain.body.length);
  assert.ok(br.body.length * 4 < plain.body.length, `${br.body.length} B vs ${plain.body.length} B`);
  assert.equal(decode(br), JSON.parse(plain.body.toString('utf8')));
  assert.is(br.headers['content-type'], 'application/json; charset=utf-8');
});

it('gzip when only gzip is accepted; identity when encodings are refused', async ({ fx }) => {
  const gz = await fetchPage(fx, 'gzip');
  assert.is(gz.headers['content-encoding'], 'gzip');
  const plain = await fetchPage(fx);
  assert.equal(decode(gz), JSON.parse(plain.body.toString('utf8')));
  for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
    const res = await fetchPage(fx, accept);
    assert.is(res.headers['content-encoding'], undefined, accept);
    assert.ok(res.body.equals(plain.body), accept);
  }
});

it('small answers stay uncompressed', async ({ fx }) => {
  const res = await rawRequest(`${fx.api.url}/api/v1/notes/nope`, {
    headers: { ...headersFor(seeded(0)), 'accept-encoding': 'br, gzip' },
  });
  assert.is(res.status, 404);
  assert.is(res.headers['content-encoding'], undefined);
  assert.is(res.headers.vary, 'Accept-Encoding');
  assert.ok(JSON.parse(res.body.toString()).error);
});

it('the seeded first answers shrink (GET /notes/recent, POST /notes/fetch for a resource)', async () => {
  const fresh = await startFixture({ now: () => new Date('2025-03-01T09:00:00.000Z') });
  try {
    const refId = DEMO_PLAYER_DATA.asha?.resourceId;
    const calls = [
      { path: '/notes/recent', method: 'GET', body: undefined },
      { path: '/notes/fetch', method: 'POST', body: JSON.stringify({ refId, order: 'newest', limit: 50 }) },
    ];
    for (const c of calls) {
      const send = (accept: Record<string, string>) =>
        rawRequest(`${fresh.api.url}/api/v1${c.path}`, {
          method: c.method,
          headers: { ...headersFor(seeded(0)), ...accept },
          ...(c.body ? { body: c.body } : {}),
        });
      const plain = await send({});
      const br = await send({ 'accept-encoding': 'gzip, deflate, br, zstd' });
      assert.is(br.status, 200);
      assert.is(br.headers['content-encoding'], 'br', c.path);
      assert.ok(
        br.body.length * 2 < plain.body.length,
        `${c.path}: ${br.body.length} B vs ${plain.body.length} B`,
      );
      assert.equal(decode(br), JSON.parse(plain.body.toString('utf8')));
    }
  } finally {
    await fresh.stop();
  }
});

it('HEAD gets the encoded length and no body', async ({ fx }) => {
  const get = await rawRequest(`${fx.api.url}/api/v1/notes/recent`, {
    headers: { ...headersFor(seeded(0)), 'accept-encoding': 'br' },
  });
  const head = await rawRequest(`${fx.api.url}/api/v1/notes/recent`, {
    method: 'HEAD',
    headers: { ...headersFor(seeded(0)), 'accept-encoding': 'br' },
  });
  assert.is(head.headers['content-encoding'], 'br');
  assert.is(head.headers['content-length'], String(get.body.length));
  assert.is(head.body.length, 0);
});

it.run();
