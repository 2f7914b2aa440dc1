/**
 * Compressed answers as the mock gives them: JSON over 1 KiB in brotli when accepted, else gzip
 * (q-values respected), small ones plain; every JSON answer says Vary: Accept-Encoding.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type AppFixture, ASHA, newNoteBody, startApp } from '../support/app-fixture.ts';

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

it('small answers stay plain; every JSON answer has Vary: Accept-Encoding and no-store', async ({ fx }) => {
  const c = fx.client(ASHA);
  for (const r of [
    await c.get('/notes/list/course', { 'accept-encoding': 'br' }),
    await c.get('/notes/nothing', { 'accept-encoding': 'br' }),
    await c.post('/notes/add', '{', { 'accept-encoding': 'br' }),
  ]) {
    assert.is(r.headers['content-encoding'], undefined);
    assert.match(String(r.headers.vary), /Accept-Encoding/i);
    assert.is(r.headers['cache-control'], 'no-store');
    assert.is(r.headers['x-content-type-options'], 'nosniff');
  }
});

it.run();
