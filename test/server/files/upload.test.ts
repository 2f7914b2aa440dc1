/**
 * Uploads: one `file` field, PNG/JPEG/GIF/WebP by their bytes (else 415), at most 5 MB and within
 * the learner's quota (else a clear 413), stored under an unguessable name and served without auth
 * with nosniff, a sandbox CSP and immutable caching.
 */
import { readdir } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_UPLOAD_BYTES } from '../../../server/src/notes/limits.ts';
import { type AppFixture, ASHA, learnerHeaders, startApp } from '../support/app-fixture.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50, 1)]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const BOUNDARY = 'xYzBoundary123';

/** A multipart body with the given parts. */
function form(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const headers = (type = `multipart/form-data; boundary=${BOUNDARY}`) => ({
  ...learnerHeaders(ASHA),
  'content-type': type,
});

const it = suite<{ fx: AppFixture }>('uploads');
it.before.each(async (ctx) => {
  ctx.fx = await startApp({ limits: { quotaBytes: 1000 } });
});
it.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const upload = (fx: AppFixture, payload: Buffer, type?: string) =>
  fx.app.inject({ method: 'POST', url: '/api/v1/file/upload', headers: headers(type), payload });

it('a PNG is stored under an unguessable name and served without auth, with the safe headers', async ({
  fx,
}) => {
  const r = await upload(
    fx,
    form([{ name: 'file', filename: '../../cat.png', type: 'text/html', data: PNG }]),
  );
  assert.is(r.statusCode, 200, r.body);
  const body = r.json() as { url: string; name: string; size: number; type: string };
  assert.match(body.url, /^\/api\/v1\/files\/[0-9a-f]{32}\.png$/);
  assert.equal([body.name, body.size, body.type], ['cat.png', PNG.length, 'image/png']);
  const served = await fx.app.inject({ url: body.url });
  assert.is(served.statusCode, 200);
  assert.ok(served.rawPayload.equals(PNG));
  assert.is(served.headers['content-type'], 'image/png');
  assert.is(served.headers['x-content-type-options'], 'nosniff');
  assert.match(String(served.headers['content-security-policy']), /sandbox/);
  assert.match(String(served.headers['cache-control']), /immutable/);
  assert.is(served.headers['content-encoding'], undefined);
  assert.is(
    (await fx.app.inject({ url: '/api/v1/files/0123456789abcdef0123456789abcdef.png' })).statusCode,
    404,
  );
  assert.is((await fx.app.inject({ url: '/api/v1/files/..%2F..%2Fetc%2Fpasswd' })).statusCode, 404);
  assert.equal(await readdir(fx.filesDir), [body.url.split('/').pop()]);
});

it('sniffed by bytes: HTML named .png is 415; not multipart is 415', async ({ fx }) => {
  const fake = await upload(fx, form([{ name: 'file', filename: 'x.png', type: 'image/png', data: HTML }]));
  assert.equal([fake.statusCode, fake.json().error], [415, 'file must be a PNG, JPEG, GIF or WebP image']);
  const noBoundary = await upload(fx, Buffer.from('x'), 'multipart/form-data');
  assert.equal(
    [noBoundary.statusCode, noBoundary.json().error],
    [400, 'Content-Type has no valid multipart boundary'],
  );
  const cut = await upload(fx, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"`));
  assert.equal(
    [cut.statusCode, cut.json().error],
    [400, 'multipart body is malformed: Unexpected end of multipart data'],
  );
  const json = await upload(fx, Buffer.from('{}'), 'application/json');
  assert.equal([json.statusCode, json.json().error], [415, 'Content-Type must be multipart/form-data']);
});

it('400: no file field, two of them, an empty file, a plain field named file', async ({ fx }) => {
  const cases: [Buffer, string][] = [
    [form([{ name: 'other', filename: 'a.png', data: PNG }]), 'file field is missing'],
    [
      form([
        { name: 'file', filename: 'a.png', data: PNG },
        { name: 'file', filename: 'b.gif', data: GIF },
      ]),
      'file field must appear only once',
    ],
    [form([{ name: 'file', filename: 'a.png', data: Buffer.alloc(0) }]), 'file must not be empty'],
    [form([{ name: 'file', data: 'just text' }]), 'file field must be a file'],
  ];
  for (const [payload, error] of cases) {
    const r = await upload(fx, payload);
    assert.equal([r.statusCode, r.json().error], [400, error]);
  }
});

it('413 over 5 MB; 413 over the quota, saying so; a 401 stores nothing', async ({ fx }) => {
  const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
  const tooBig = await upload(fx, form([{ name: 'file', filename: 'big.png', data: big }]));
  assert.equal(
    [tooBig.statusCode, tooBig.json().error],
    [413, `file must be at most ${MAX_UPLOAD_BYTES} bytes`],
  );
  for (let i = 0; i < 4; i++)
    assert.is((await upload(fx, form([{ name: 'file', filename: 'a.png', data: PNG }]))).statusCode, 200);
  const over = await upload(fx, form([{ name: 'file', filename: 'a.png', data: PNG }]));
  assert.is(over.statusCode, 413);
  assert.match(over.json().error, /upload quota exceeded: 832 of 1000 bytes used/);
  const anonymous = await fx.app.inject({
    method: 'POST',
    url: '/api/v1/file/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form([{ name: 'file', filename: 'a.png', data: PNG }]),
  });
  assert.is(anonymous.statusCode, 401);
  assert.is((await readdir(fx.filesDir)).length, 4);
});

it.run();
