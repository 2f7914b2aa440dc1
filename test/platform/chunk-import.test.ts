/**
 * src/platform/chunk-import.ts: the importer the build sends every chunk import through — one
 * instance per URL, a failure forgotten, and every try after a failure under a fresh `?retry=N`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createChunkImport } from '../../src/platform/chunk-import.ts';
import { ONE_TRY } from '../../src/platform/lazy-file.ts';

/** An `import()` stand-in: fails the URLs in `down`, records every URL asked for. */
const fakeImport = () => {
  const asked: string[] = [];
  const down = new Set<string>();
  const importUrl = (url: string) => {
    asked.push(url);
    return down.has(url.split('?')[0] ?? '')
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve({ url });
  };
  return { asked, down, importUrl };
};

test('a chunk is imported once; every importer gets the same module', async () => {
  const net = fakeImport();
  const importChunk = createChunkImport(ONE_TRY, net.importUrl);
  const [a, b] = await Promise.all([importChunk('/assets/a.js'), importChunk('/assets/a.js')]);
  assert.is(a, b);
  await importChunk('/assets/a.js');
  assert.equal(net.asked, ['/assets/a.js']);
});

test('after a failure the next import asks for a URL the browser never saw: ?retry=1, then ?retry=2', async () => {
  const net = fakeImport();
  const importChunk = createChunkImport(ONE_TRY, net.importUrl);
  net.down.add('/assets/edit-parts.js');
  await importChunk('/assets/edit-parts.js').catch(() => undefined);
  await importChunk('/assets/edit-parts.js').catch(() => undefined);
  net.down.clear();
  const module = await importChunk('/assets/edit-parts.js');
  assert.equal(net.asked, [
    '/assets/edit-parts.js',
    '/assets/edit-parts.js?retry=1',
    '/assets/edit-parts.js?retry=2',
  ]);
  assert.is(
    await importChunk('/assets/edit-parts.js'),
    module,
    'the busted instance is the one every importer gets',
  );
  assert.is(net.asked.length, 3);
});

test('a failure of one chunk leaves the others alone', async () => {
  const net = fakeImport();
  const importChunk = createChunkImport(ONE_TRY, net.importUrl);
  net.down.add('/assets/a.js');
  await importChunk('/assets/a.js').catch(() => undefined);
  await importChunk('/assets/b.js');
  assert.equal(net.asked, ['/assets/a.js', '/assets/b.js']);
});

test.run();
