import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseEncoding, encodeJson, MIN_COMPRESS_BYTES } from '../../../harness/api/compress.ts';

test('chooseEncoding: brotli preferred, gzip as fallback, q-values respected', () => {
  const cases: [string | undefined, string | null][] = [
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR;Q=1, GZIP', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=bogus, gzip', 'gzip'],
    ['br;q=1.5', null],
    [' br ; q=0.001 ', 'br'],
  ];
  for (const [accept, want] of cases) assert.is(chooseEncoding(accept), want, String(accept));
});

test('encodeJson: small bodies stay plain; larger ones decode back to the same text', () => {
  const small = JSON.stringify({ error: 'x'.repeat(MIN_COMPRESS_BYTES - 20) });
  assert.equal(encodeJson(small, 'br').encoding, null);
  const big = JSON.stringify({
    notes: Array.from({ length: 40 }, (_, i) => ({ i, text: `note ${i} ünïcødé` })),
  });
  const br = encodeJson(big, 'br, gzip');
  assert.is(br.encoding, 'br');
  assert.ok(br.bytes.length < Buffer.byteLength(big) / 3, `${br.bytes.length} of ${Buffer.byteLength(big)}`);
  assert.is(brotliDecompressSync(br.bytes).toString('utf8'), big);
  const gz = encodeJson(big, 'gzip');
  assert.is(gz.encoding, 'gzip');
  assert.is(gunzipSync(gz.bytes).toString('utf8'), big);
  const plain = encodeJson(big, undefined);
  assert.equal([plain.encoding, plain.bytes.toString('utf8')], [null, big]);
});

test.run();
