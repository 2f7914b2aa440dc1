import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_CONFIG, frameAncestors, LOCAL_DEV_CONFIG } from '../../src/config/app-config.ts';

const LOCAL = ['http://localhost:*', 'https://localhost:*', 'http://127.0.0.1:*', 'https://127.0.0.1:*'];

test('a production build: frame-ancestors holds the allowed domains and no local host', () => {
  assert.equal(frameAncestors({ allowedDomains: ['example.org'], localParents: false }), [
    'https://example.org',
    'https://*.example.org',
  ]);
  const sources = frameAncestors(DEFAULT_CONFIG);
  assert.ok(sources.includes('https://*.infosysapps.com'));
  assert.not.ok(
    sources.some((s) => /localhost|127\.0\.0\.1|\[::1\]/.test(s)),
    sources.join(' '),
  );
});

test('a development build (--local-parents): the local hosts too, on any port, IPv6 left out', () => {
  assert.equal(frameAncestors({ allowedDomains: ['example.org'], localParents: true }), [
    'https://example.org',
    'https://*.example.org',
    ...LOCAL,
  ]);
  assert.equal(frameAncestors(LOCAL_DEV_CONFIG).slice(-LOCAL.length), LOCAL);
});

test.run();
