import { readdir } from 'node:fs/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { uploadsDirFor } from '../../../harness/api/database.ts';
import { MAX_UPLOAD_BYTES } from '../../../server/src/notes/limits.ts';
import type { ApiErrorBody, UploadResult } from '../../../src/protocol/api-types.ts';
import {
  type Answer,
  answer,
  type Fixture,
  headersFor,
  seeded,
  startFixture,
} from './support/api-fixture.ts';

const up = suite<{ fx: Fixture }>('server: file upload');

up.before.each(async (ctx) => {
  ctx.fx = await startFixture();
});
up.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 7),
]);

const authHeaders = (): Record<string, string> => {
  const { 'content-type': _drop, ...rest } = headersFor(seeded(0));
  return rest;
};

async function upload(fx: Fixture, fields: [string, Blob | string, string?][]): Promise<Answer> {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  return answer(
    await fetch(`${fx.api.url}/api/v1/file/upload`, { method: 'POST', headers: authHeaders(), body: form }),
  );
}

up('an image round-trips: stored, served publicly with its type and nosniff', async ({ fx }) => {
  const r = await upload(fx, [['file', new Blob([PNG], { type: 'text/plain' }), 'diagram.png']]);
  assert.is(r.status, 200);
  const result = r.json as UploadResult;
  assert.match(result.url, /^\/api\/v1\/files\/[0-9a-f]{32}\.png$/);
  assert.equal([result.name, result.size, result.type], ['diagram.png', PNG.length, 'image/png']);
  const served = await fetch(`${fx.api.url}${result.url}`);
  assert.is(served.status, 200);
  assert.is(served.headers.get('content-type'), 'image/png');
  assert.is(served.headers.get('x-content-type-options'), 'nosniff');
  assert.ok(Buffer.from(await served.arrayBuffer()).equals(PNG));
  assert.equal(await readdir(uploadsDirFor(fx.dataFile)), [result.url.split('/').pop()]);
});

up('JPEG, GIF and WebP are accepted and typed by content, not by name', async ({ fx }) => {
  const kinds: [Buffer, string, string][] = [
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg', '.jpg'],
    [Buffer.from('GIF89a....'), 'image/gif', '.gif'],
    [Buffer.from('RIFF\x10\0\0\0WEBPVP8 '), 'image/webp', '.webp'],
  ];
  for (const [bytes, type, ext] of kinds) {
    const r = await upload(fx, [['file', new Blob([new Uint8Array(bytes)]), 'misnamed.png']]);
    assert.is(r.status, 200, type);
    const res = r.json as UploadResult;
    assert.is(res.type, type);
    assert.ok(res.url.endsWith(ext));
    const served = await fetch(`${fx.api.url}${res.url}`);
    assert.ok(Buffer.from(await served.arrayBuffer()).equals(bytes));
  }
});

up('415 for bytes that are not an allowed image, whatever the name or declared type', async ({ fx }) => {
  for (const bytes of [
    '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
    '<html>',
    '%PDF-1.4',
  ]) {
    const r = await upload(fx, [['file', new Blob([bytes], { type: 'image/png' }), 'evil.png']]);
    assert.is(r.status, 415, bytes);
    assert.match((r.json as ApiErrorBody).error, 'PNG, JPEG, GIF or WebP');
  }
  const made = (await readdir(fx.dir)).filter((name) => !/^notes\.db(-wal|-shm)?$/.test(name));
  assert.equal(made, [], 'no files folder, no file: nothing stored');
});

up('413 for a file over 5 MB', async ({ fx }) => {
  const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
  const r = await upload(fx, [['file', new Blob([big]), 'big.png']]);
  assert.is(r.status, 413);
  assert.type((r.json as ApiErrorBody).error, 'string');
  const exact = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]);
  assert.is((await upload(fx, [['file', new Blob([exact]), 'exact.png']])).status, 200);
});

up('400 for a missing, repeated or empty file field and for malformed multipart', async ({ fx }) => {
  assert.is((await upload(fx, [['other', new Blob([PNG]), 'a.png']])).status, 400);
  assert.is((await upload(fx, [['file', 'just text']])).status, 400);
  const twice = await upload(fx, [
    ['file', new Blob([PNG]), 'a.png'],
    ['file', new Blob([PNG]), 'b.png'],
  ]);
  assert.is(twice.status, 400);
  assert.is((await upload(fx, [['file', new Blob([]), 'empty.png']])).status, 400);
  const raw = await fetch(`${fx.api.url}/api/v1/file/upload`, {
    method: 'POST',
    headers: { ...authHeaders(), 'content-type': 'multipart/form-data; boundary=zzz' },
    body: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nno closing boundary',
  });
  assert.is(raw.status, 400);
  assert.match(((await raw.json()) as ApiErrorBody).error, 'multipart body is malformed');
  const notMultipart = await fetch(`${fx.api.url}/api/v1/file/upload`, {
    method: 'POST',
    headers: { ...authHeaders(), 'content-type': 'application/json' },
    body: '{}',
  });
  assert.is(notMultipart.status, 415);
});

up('upload needs auth; serving does not; unknown or crafted names are 404', async ({ fx }) => {
  const form = new FormData();
  form.append('file', new Blob([PNG]), 'a.png');
  const anon = await fetch(`${fx.api.url}/api/v1/file/upload`, { method: 'POST', body: form });
  assert.is(anon.status, 401);
  for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2Fnotes.db', 'notes.db', 'x.svg']) {
    const r = await fetch(`${fx.api.url}/api/v1/files/${name}`);
    assert.is(r.status, 404, name);
    assert.is(r.headers.get('content-type'), 'application/json; charset=utf-8');
  }
});

up.run();
