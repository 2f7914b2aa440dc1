/**
 * `POST /file/upload` (docs/api.md "What the upload answers", "Uploads"): a real image answers
 * `{ url, name, size, type }` and is served back at that URL (resolved against the API URL)
 * without auth, as its image type, with `nosniff`; a non-image is a 415 whatever its name; an
 * empty file or no file field a 400; no token a 401. Uploaded files cannot be deleted through
 * the API, so each run leaves its one PNG behind (the runner says where).
 */
import type { UploadResult } from '../../../src/protocol/api-types.ts';
import type { Ctx } from '../context.ts';
import { expect, expectRefusal, expectStatus, need, show } from '../expect.ts';
import { tinyPng } from '../png.ts';
import { asUpload } from '../shapes.ts';

const form = (bytes: Buffer, name: string, type: string, field = 'file'): FormData => {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
};

/** The upload checks; `uploaded` collects the URLs of files left on the server. */
export async function uploadChecks(ctx: Ctx, base: string, uploaded: string[]): Promise<void> {
  const { t, api, ids } = ctx;
  const png = tinyPng();
  const name = `${ids.prefix}-dot.png`;
  let result: UploadResult | undefined;
  await t.check('upload: a PNG → 200 { url, name, size, type: image/png }', async () => {
    const a = await api.post('/file/upload', null, { rawBody: form(png, name, 'image/png') });
    expectStatus(a, 200, 201);
    result = asUpload(a.json);
    uploaded.push(result.url);
    expect(
      result.size === png.length && result.type === 'image/png' && result.name === name,
      `size ${png.length}, image/png, ${show(name)}`,
      show(result),
    );
  });
  await t.check(
    'upload: its URL serves the same bytes as image/png, with nosniff, without auth',
    async () => {
      const r = need(result, 'the uploaded PNG');
      const url = new URL(r.url, `${base.replace(/\/+$/, '')}/`).href;
      const a = await api.plainGet(url);
      expectStatus(a, 200);
      const type = (a.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      expect(type === 'image/png', 'Content-Type image/png', show(a.headers.get('content-type')));
      expect(
        (a.headers.get('x-content-type-options') ?? '').toLowerCase() === 'nosniff',
        'X-Content-Type-Options: nosniff',
        show(a.headers.get('x-content-type-options')),
      );
      expect(a.bytes.equals(png), `the ${png.length} bytes uploaded`, `${a.bytes.length} other bytes`);
    },
  );
  await t.check('upload: text named .png and sent as image/png → 415', async () => {
    const text = Buffer.from('<script>alert(1)</script> this is not an image\n');
    expectRefusal(
      await api.post('/file/upload', null, { rawBody: form(text, 'sneaky.png', 'image/png') }),
      415,
    );
  });
  await t.check('upload: an empty file → 400', async () => {
    expectRefusal(
      await api.post('/file/upload', null, { rawBody: form(Buffer.alloc(0), 'empty.png', 'image/png') }),
      400,
    );
  });
  await t.check('upload: no "file" field → 400 naming file', async () => {
    expectRefusal(
      await api.post('/file/upload', null, { rawBody: form(png, 'dot.png', 'image/png', 'picture') }),
      400,
      'file',
    );
  });
  await t.check('upload: without a token → 401', async () => {
    expectRefusal(
      await api.post('/file/upload', null, {
        rawBody: form(png, 'dot.png', 'image/png'),
        headers: { authorization: undefined },
      }),
      401,
    );
  });
}
