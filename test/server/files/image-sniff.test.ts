import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sniffImage, typeForExt } from '../../../server/src/files/image-sniff.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

test('recognises PNG, JPEG, GIF (87a/89a) and WebP by magic bytes', () => {
  assert.equal(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0])), {
    ext: 'png',
    type: 'image/png',
  });
  assert.equal(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0])), { ext: 'jpg', type: 'image/jpeg' });
  assert.equal(sniffImage(bytes('GIF87a')), { ext: 'gif', type: 'image/gif' });
  assert.equal(sniffImage(bytes('GIF89a', [1, 2])), { ext: 'gif', type: 'image/gif' });
  assert.equal(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')), { ext: 'webp', type: 'image/webp' });
});

test('refuses everything else, including near misses and short input', () => {
  for (const b of [
    bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    bytes('<script>alert(1)</script>'),
    bytes('RIFF', [1, 2, 3, 4], 'WAVE'),
    bytes('GIF88a'),
    bytes([0x89], 'PNG'),
    bytes([0xff, 0xd8]),
    bytes('%PDF-1.7'),
    new Uint8Array(0),
  ]) {
    assert.is(sniffImage(b), null);
  }
});

test('typeForExt maps stored extensions only', () => {
  assert.is(typeForExt('jpg'), 'image/jpeg');
  assert.is(typeForExt('webp'), 'image/webp');
  assert.is(typeForExt('svg'), null);
  assert.is(typeForExt('constructor'), null);
});

test.run();
