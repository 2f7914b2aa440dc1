import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { uploadedImageTest } from '../../src/format/uploaded-image.ts';

const APP = 'http://127.0.0.1:4300/';
const NAME = '0123456789abcdef0123456789abcdef.png';
const check = (apiBase: string, src: string, base = APP) =>
  uploadedImageTest(apiBase, base)(new URL(src, base));

test('an upload URL of the default API base, relative or absolute, is an upload', () => {
  assert.ok(check('/api/v1', `/api/v1/files/${NAME}`));
  assert.ok(check('/api/v1', `http://127.0.0.1:4300/api/v1/files/${NAME}`));
  assert.ok(check('/api/v1/', `/api/v1/files/${NAME}`), 'a trailing slash on apiBase');
  assert.ok(check('/api/v1', `/api/v1/files/${NAME}?v=2`), 'a query stays the same file');
});

test('anything else is not', () => {
  for (const src of [
    `https://evil.example/api/v1/files/${NAME}`,
    `//evil.example/api/v1/files/${NAME}`,
    `https://127.0.0.1:4300/api/v1/files/${NAME}`, // another scheme: another origin
    `http://127.0.0.1:4301/api/v1/files/${NAME}`, // another port
    `http://user:pw@127.0.0.1:4300/api/v1/files/${NAME}`,
    '/api/v1/files/',
    `/api/v1/files/sub/${NAME}`,
    `/api/v1/files/../notes/${NAME}`,
    `/api/v1/files/%2e%2e/${NAME}`,
    `/api/v1/filesx/${NAME}`,
    `/api/v2/files/${NAME}`,
    `/files/${NAME}`,
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
  ]) {
    assert.not.ok(check('/api/v1', src), src);
  }
});

test('an API under a sub-path, or on its own https origin', () => {
  assert.ok(check('/notes/api/v1', `/notes/api/v1/files/${NAME}`, 'https://lms.example/notes/'));
  assert.not.ok(check('/notes/api/v1', `/api/v1/files/${NAME}`, 'https://lms.example/notes/'));
  assert.ok(check('https://api.example.com/v2', `https://api.example.com/v2/files/${NAME}`));
  assert.not.ok(
    check('https://api.example.com/v2', `/v2/files/${NAME}`),
    "the app's origin is not the API's",
  );
  assert.not.ok(check('https://api.example.com/v2', `http://api.example.com/v2/files/${NAME}`));
});

test.run();
