import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheName, documentUrl, isOwnCache, isStaleCache, storable } from '../../src/sw/cache-policy.ts';

test('one cache per base path and version', () => {
  assert.is(cacheName('/', 'abc123'), 'notes:/:abc123');
  assert.is(cacheName('/notes/', 'abc123'), 'notes:/notes/:abc123');
  assert.is(documentUrl('/notes/'), '/notes/index.html');
});

test("stale caches are older builds under the same base, never another base's or another app's", () => {
  assert.ok(isStaleCache('notes:/:old', '/', 'new'));
  assert.not.ok(isStaleCache('notes:/:new', '/', 'new'));
  assert.not.ok(isStaleCache('notes:/notes/:old', '/', 'new'));
  assert.not.ok(isStaleCache('notes:/:old', '/notes/', 'new'));
  assert.not.ok(isStaleCache('workbox-precache', '/', 'new'));
  assert.ok(isOwnCache('notes:/notes/:new', '/notes/'));
  assert.not.ok(isOwnCache('notes:/:new', '/notes/'));
});

test('only complete same-origin answers are stored', () => {
  assert.ok(storable({ status: 200, type: 'basic' }));
  for (const status of [201, 204, 206, 304, 404, 500, 503])
    assert.not.ok(storable({ status, type: 'basic' }), String(status));
  assert.not.ok(storable({ status: 0, type: 'opaque' }));
  assert.not.ok(storable({ status: 0, type: 'opaqueredirect' }));
  assert.not.ok(storable({ status: 200, type: 'cors' }));
  assert.not.ok(storable({ status: 0, type: 'error' }));
});

test.run();
