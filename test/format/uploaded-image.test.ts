import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { imageOriginTest } from '../../src/format/uploaded-image.ts';

const APP = 'http://127.0.0.1:4300/';
const NAME = '0123456789abcdef0123456789abcdef.png';
const check = (apiBase: string, src: string, base = APP, origins: string[] = []) =>
  imageOriginTest(apiBase, base, origins)(new URL(src, base));

test("any path on the API's origin (the app's own for a path apiBase), relative or absolute", () => {
  assert.ok(check('/api/v1', `/api/v1/files/${NAME}`));
  assert.ok(check('/api/v1', `http://127.0.0.1:4300/api/v1/files/${NAME}`));
  assert.ok(check('/api/v1/', `/api/v1/files/${NAME}`), 'a trailing slash on apiBase');
  assert.ok(check('/api/v1', `/api/v1/files/${NAME}?v=2`), 'a query');
  assert.ok(check('/api/v1', `/media/notes/2026/${NAME}`), 'another path: where the upload put it');
  assert.ok(check('/api/v1', `/api/v1/files/sub/${NAME}`));
});

test('another origin, credentials or a non-http scheme is not', () => {
  for (const src of [
    `https://evil.example/api/v1/files/${NAME}`,
    `//evil.example/api/v1/files/${NAME}`,
    `https://127.0.0.1:4300/api/v1/files/${NAME}`, // another scheme: another origin
    `http://127.0.0.1:4301/api/v1/files/${NAME}`, // another port
    `http://localhost:4300/api/v1/files/${NAME}`, // another host name for the same machine
    `http://user:pw@127.0.0.1:4300/api/v1/files/${NAME}`,
    `http://user@127.0.0.1:4300/api/v1/files/${NAME}`,
    'data:image/png;base64,iVBORw0KGgo=',
    'blob:http://127.0.0.1:4300/0b1c',
    'javascript:alert(1)',
  ]) {
    assert.not.ok(check('/api/v1', src), src);
  }
});

test('an API on its own https origin: that origin, not the app', () => {
  assert.ok(check('https://api.example.com/v2', `https://api.example.com/v2/files/${NAME}`));
  assert.ok(check('https://api.example.com/v2', `https://api.example.com/cdn/${NAME}`));
  assert.not.ok(check('https://api.example.com/v2', `/v2/files/${NAME}`), "the app's origin");
  assert.not.ok(check('https://api.example.com/v2', `http://api.example.com/v2/files/${NAME}`));
  assert.ok(check('/notes/api/v1', `/x/${NAME}`, 'https://lms.example/notes/'));
});

test('configured image origins: compared by parsed parts, never as text', () => {
  const cdn = ['https://cdn.example.org', 'https://img.example.net:8443'];
  assert.ok(check('/api/v1', `https://cdn.example.org/u/${NAME}`, APP, cdn));
  assert.ok(check('/api/v1', `https://CDN.example.org:443/u/${NAME}`, APP, cdn), 'case and default port');
  assert.ok(check('/api/v1', `https://img.example.net:8443/${NAME}`, APP, cdn));
  assert.ok(check('/api/v1', `/api/v1/files/${NAME}`, APP, cdn), "the API's origin stays");
  for (const src of [
    `https://img.example.net/${NAME}`, // the default port is another origin
    `http://cdn.example.org/u/${NAME}`,
    `https://cdn.example.org.evil.example/${NAME}`,
    `https://evil.example/https://cdn.example.org/${NAME}`,
    `https://cdn.example.org@evil.example/${NAME}`,
    `https://evil.example/?https://cdn.example.org`,
    `https://x.cdn.example.org/${NAME}`, // no subdomains unless listed
    `https://user:pw@cdn.example.org/${NAME}`,
  ]) {
    assert.not.ok(check('/api/v1', src, APP, cdn), src);
  }
});

test.run();
