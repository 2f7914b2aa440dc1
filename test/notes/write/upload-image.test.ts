import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../src/api/api-error.ts';
import {
  checkImage,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  uploadImage,
} from '../../../src/notes/write/upload-image.ts';
import type { UploadResult } from '../../../src/protocol/api-types.ts';
import type { NotesApi } from '../../fakes/fake-notes-api.ts';
import { createFakeNotesApi } from '../../fakes/fake-notes-api.ts';

const TYPE_MESSAGE = 'Only PNG, JPEG, GIF or WebP images can be added.';
const SIZE_MESSAGE = 'Images can be at most 5 MB.';
const OTHER_MESSAGE = 'The image could not be uploaded. Try again.';
const URL = 'https://files.example/img/abc.png';

const image = (type = 'image/png', size = 1024, name = 'cat.png') =>
  new File([new Uint8Array(size)], name, { type });
const uploaded = (file: File): UploadResult => ({
  url: URL,
  name: file.name,
  size: file.size,
  type: file.type,
});

type Progress = { onProgress?: (loaded: number, total: number) => void };

function setup(uploadFile?: NotesApi['uploadFile']) {
  const fake = createFakeNotesApi(uploadFile ? { uploadFile } : {});
  const fractions: number[] = [];
  const run = (file: File) => uploadImage(fake.api, file, (f) => fractions.push(f));
  return { fake, fractions, run };
}

test('checkImage: png, jpeg, gif and webp up to 5 MB', () => {
  for (const type of IMAGE_TYPES) assert.is(checkImage({ type, size: 10 }), null, type);
  assert.is(checkImage({ type: 'image/png', size: MAX_IMAGE_BYTES }), null, 'exactly 5 MB is fine');
  assert.is(checkImage({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 }), SIZE_MESSAGE);
  for (const type of ['image/svg+xml', 'image/bmp', 'text/html', 'application/pdf', ''])
    assert.is(checkImage({ type, size: 10 }), TYPE_MESSAGE, type || '(none)');
});

test('a wrong type or size is said before any call is made', async () => {
  const s = setup();
  assert.equal(await s.run(image('image/svg+xml', 10, 'x.svg')), { ok: false, message: TYPE_MESSAGE });
  assert.equal(await s.run(image('image/png', MAX_IMAGE_BYTES + 1)), { ok: false, message: SIZE_MESSAGE });
  assert.equal(s.fake.calls, []);
  assert.equal(s.fractions, []);
});

test('a good image is uploaded with its name; the returned URL is what gets embedded', async () => {
  const s = setup((file) => Promise.resolve(uploaded(file as File)));
  const file = image('image/webp', 2048, 'photo.webp');
  assert.equal(await s.run(file), { ok: true, url: URL });
  const [args] = s.fake.callsTo('uploadFile');
  assert.is(args?.[0], file);
  assert.is(args?.[1], 'photo.webp');
});

test('progress is reported as a fraction (0 when the total is unknown)', async () => {
  const s = setup((file, _name, options?: Progress) => {
    options?.onProgress?.(0, 400);
    options?.onProgress?.(100, 400);
    options?.onProgress?.(400, 400);
    options?.onProgress?.(5, 0);
    return Promise.resolve(uploaded(file as File));
  });
  await s.run(image());
  assert.equal(s.fractions, [0, 0.25, 1, 0]);
});

const FAILURES: [string, unknown, string][] = [
  ['413', new ApiError('http', 'Payload Too Large', 413, { error: 'x' }), SIZE_MESSAGE],
  ['415', new ApiError('http', 'Unsupported', 415, { error: 'x' }), TYPE_MESSAGE],
  ['400 (sniffed as another type)', new ApiError('http', 'Bad', 400, { error: 'x' }), TYPE_MESSAGE],
  ['500', new ApiError('http', 'Oops', 500, { error: 'x' }), OTHER_MESSAGE],
  ['401', new ApiError('http', 'No session', 401, { error: 'x' }), OTHER_MESSAGE],
  ['offline', new ApiError('network', 'Network error'), OTHER_MESSAGE],
  ['timeout', new ApiError('timeout', 'Timeout has occurred'), OTHER_MESSAGE],
  ['not an ApiError', new Error('boom'), OTHER_MESSAGE],
];
for (const [what, error, message] of FAILURES)
  test(`the server refusing or failing (${what}) is said`, async () => {
    const s = setup(() => Promise.reject(error));
    assert.equal(await s.run(image()), { ok: false, message });
  });

test.run();
