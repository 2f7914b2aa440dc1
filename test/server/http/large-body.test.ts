/**
 * Bodies over the limits, through a real socket: the service answers `413 { error }` as soon as it
 * knows (a declared Content-Length, or a chunked body once it passes the limit), then reads and
 * drops the rest, so a client still sending (a browser's fetch, a raw socket) reads the 413 rather
 * than a reset, and the connection stays usable. A multipart body over its total limit is a 413
 * too, not a 400. Nothing is stored.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_JSON_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from '../../../server/src/notes/limits.ts';
import { streamUpload } from '../../harness/support/stream-upload.ts';
import { type AppFixture, ASHA, learnerHeaders, newNoteBody, startApp } from '../support/app-fixture.ts';

type Ctx = { fx: AppFixture; url: string };
const it = suite<Ctx>('bodies over the limits, over a socket');
const EIGHT_MB = 8 * 1024 * 1024 + 3;

it.before(async (ctx) => {
  ctx.fx = await startApp();
  ctx.url = await ctx.fx.app.listen({ port: 0, host: '127.0.0.1' });
});
it.after(async (ctx) => {
  await ctx.fx.stop();
});

const headers = (type = 'application/json'): Record<string, string> => ({
  ...learnerHeaders(ASHA),
  'content-type': type,
});
const jsonLimit = { error: `request body must be at most ${MAX_JSON_BODY_BYTES} bytes` };
const multipartLimit = { error: `request body must be at most ${MAX_MULTIPART_BODY_BYTES} bytes` };
const errorOf = (body: Buffer): unknown => JSON.parse(body.toString('utf8'));

/** Nothing was stored for Asha: no note, no file bytes. */
async function nothingStored(fx: AppFixture): Promise<void> {
  const page = (await fx.client(ASHA).post('/notes/fetch', {})).json as { total: number };
  assert.is(page.total, 0);
  assert.is(await fx.store.fileBytes(ASHA), 0);
}

it("fetch sends an 8 MiB JSON body: it reads the 413's { error }", async ({ fx, url }) => {
  const body = JSON.stringify(newNoteBody({ content: 'x'.repeat(8 * MAX_JSON_BODY_BYTES) }));
  const res = await fetch(`${url}/api/v1/notes/add`, { method: 'POST', headers: headers(), body });
  assert.is(res.status, 413);
  assert.is(res.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(await res.json(), jsonLimit);
  await nothingStored(fx);
});

it('fetch streams a chunked body past the limit: 413, read as an answer', async ({ fx, url }) => {
  const slice = new Uint8Array(64 * 1024).fill(0x20);
  let left = 16 * 1024 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      controller.enqueue(slice);
      left -= slice.length;
    },
  });
  const init = { method: 'POST', headers: headers(), body: stream, duplex: 'half' } as RequestInit;
  const res = await fetch(`${url}/api/v1/notes/add`, init);
  assert.is(res.status, 413);
  assert.equal(await res.json(), jsonLimit);
  await nothingStored(fx);
});

it('a client that keeps sending 8 MB gets the 413, finishes, and keeps the connection', async ({ url }) => {
  const res = await streamUpload(`${url}/api/v1/notes/add`, { headers: headers(), total: EIGHT_MB });
  assert.is(res.status, 413);
  assert.equal(errorOf(res.body), jsonLimit);
  assert.is(res.uploadError, undefined, 'the service read and dropped the rest instead of resetting');
  assert.is(res.sent, EIGHT_MB);
  assert.is.not(res.headers.connection, 'close');
});

it('a multipart body over its total limit is a 413, declared or chunked', async ({ fx, url }) => {
  const type = 'multipart/form-data; boundary=b';
  for (const chunked of [false, true]) {
    const res = await streamUpload(`${url}/api/v1/file/upload`, {
      headers: headers(type),
      total: EIGHT_MB,
      chunked,
    });
    assert.is(res.status, 413, chunked ? 'chunked' : 'Content-Length');
    assert.equal(errorOf(res.body), multipartLimit);
    assert.is(res.uploadError, undefined);
    assert.is(res.sent, EIGHT_MB);
    assert.is.not(res.headers.connection, 'close');
  }
  await nothingStored(fx);
});

it('fetch uploads a 6 MB image: it reads the 413', async ({ fx, url }) => {
  const png = new Uint8Array(6 * 1024 * 1024);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'big.png');
  const { 'content-type': _multipart, ...auth } = headers();
  const res = await fetch(`${url}/api/v1/file/upload`, { method: 'POST', headers: auth, body: form });
  assert.is(res.status, 413);
  assert.equal(await res.json(), multipartLimit);
  await nothingStored(fx);
});

it('a multipart body within the limit still works after the refusals', async ({ fx, url }) => {
  const form = new FormData();
  const png = new Uint8Array(300);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  form.append('file', new Blob([png], { type: 'image/png' }), 'small.png');
  const { 'content-type': _multipart, ...auth } = headers();
  const res = await fetch(`${url}/api/v1/file/upload`, { method: 'POST', headers: auth, body: form });
  assert.is(res.status, 200);
  assert.is(await fx.store.fileBytes(ASHA), 300);
});

it.run();
