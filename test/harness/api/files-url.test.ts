/**
 * `--files-url` (harness/api/files-url.ts): what the mock API's upload answers before a stored
 * file's name — another path under /api/v1/ (which the API then serves too) or a CDN's URL (which
 * it does not) — so the browser tests can try an upload that doesn't answer /api/v1/files/.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkFilesUrl, servedName, servedPath } from '../../../harness/api/files-url.ts';
import { startApi } from '../../../harness/api/server.ts';
import type { UploadResult } from '../../../src/protocol/api-types.ts';
import { answer, headersFor, seeded, startFixture } from './support/api-fixture.ts';

const test = suite('harness files URL');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

/** Uploads the PNG to `apiUrl` as the first seeded learner; the answer's URL. */
async function uploadTo(apiUrl: string): Promise<string> {
  const { 'content-type': _drop, ...headers } = headersFor(seeded(0));
  const form = new FormData();
  form.append('file', new Blob([PNG]), 'dot.png');
  const r = await answer(
    await fetch(`${apiUrl}/api/v1/file/upload`, { method: 'POST', headers, body: form }),
  );
  assert.is(r.status, 200);
  return (r.json as UploadResult).url;
}

test('a path under /api/v1/ or an http(s) URL, ending with /; anything else says why in one line', () => {
  assert.is(checkFilesUrl('/api/v1/files/'), '/api/v1/files/');
  assert.is(checkFilesUrl('/api/v1/media/notes/'), '/api/v1/media/notes/');
  assert.is(checkFilesUrl('https://CDN.example.org/u/'), 'https://cdn.example.org/u/');
  for (const [raw, why] of [
    ['/api/v1/media', /end with \//],
    ['/media/', /under \/api\/v1\//],
    ['/api/v1/../notes/', /segment/],
    ['/api/v1//x/', /segment/],
    ['ftp://cdn.example.org/', /http\(s\)/],
    ['https://u:p@cdn.example.org/', /credentials/],
    ['https://cdn.example.org/?x=/', /query/],
    ['cdn.example.org/', /path under/],
  ] as const) {
    const got = checkFilesUrl(raw);
    assert.instance(got, Error, raw);
    assert.match((got as Error).message, why, raw);
  }
});

test('which requests the API serves as files at another path', () => {
  assert.is(servedName('/api/v1/media/', '/api/v1/media/a.png'), 'a.png');
  assert.is(servedName('/api/v1/media/', '/api/v1/media/x/a.png'), null);
  assert.is(servedName('/api/v1/media/', '/api/v1/media/'), null);
  assert.is(servedName('/api/v1/files/', '/api/v1/files/a.png'), null, 'the route table serves those');
  assert.is(servedName('https://cdn.example.org/u/', '/u/a.png'), null);
});

test('the proxy passes a file at another path on to the service as /api/v1/files/<name>', () => {
  assert.is(servedPath('/api/v1/media/', 'GET', '/api/v1/media/a.png?v=1'), '/api/v1/files/a.png?v=1');
  assert.is(servedPath('/api/v1/media/', 'HEAD', '/api/v1/media/a.png'), '/api/v1/files/a.png');
  assert.is(servedPath('/api/v1/media/', 'POST', '/api/v1/media/a.png'), '/api/v1/media/a.png');
  assert.is(servedPath('/api/v1/media/', 'GET', '/api/v1/notes/recent'), '/api/v1/notes/recent');
  assert.is(servedPath('/api/v1/files/', 'GET', '/api/v1/files/a.png'), '/api/v1/files/a.png');
});

test('another path: the upload answers it and the API serves the file there', async () => {
  const fx = await startFixture({ filesUrl: '/api/v1/media/notes/' });
  try {
    const url = await uploadTo(fx.api.url);
    assert.match(url, /^\/api\/v1\/media\/notes\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${fx.api.url}${url}`);
    assert.is(served.status, 200);
    assert.is(served.headers.get('content-type'), 'image/png');
    assert.ok(Buffer.from(await served.arrayBuffer()).equals(PNG));
    assert.is((await fetch(`${fx.api.url}/api/v1/media/notes/${'0'.repeat(32)}.png`)).status, 404);
  } finally {
    await fx.stop();
  }
});

test("a CDN's URL: the upload answers it; the API keeps serving its own /files/", async () => {
  const fx = await startFixture({ filesUrl: 'https://cdn.example.org/u/' });
  try {
    const url = await uploadTo(fx.api.url);
    assert.match(url, /^https:\/\/cdn\.example\.org\/u\/[0-9a-f]{32}\.png$/);
    const name = url.split('/').pop();
    assert.is((await fetch(`${fx.api.url}/api/v1/files/${name}`)).status, 200);
  } finally {
    await fx.stop();
  }
});

test('startApi refuses a bad files URL', async () => {
  try {
    // Refused before the data file is opened or a port taken.
    await startApi({ dataFile: '/nonexistent/notes.db', secret: 's', filesUrl: '/elsewhere/' });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.match((error as Error).message, 'files URL "/elsewhere/" must be a path under /api/v1/');
  }
});

test.run();
