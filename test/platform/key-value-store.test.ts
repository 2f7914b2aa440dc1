import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKeyValueStore } from '../../src/platform/key-value-store.ts';
import { createMemoryStorage, storageError } from '../fakes/memory-storage.ts';

test('with working storage: set, get, remove go through to it', () => {
  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => storage);
  assert.is(store.get('k'), null);
  assert.ok(store.set('k', 'v'));
  assert.is(storage.items.get('k'), 'v');
  assert.is(store.get('k'), 'v');
  store.remove('k');
  assert.is(storage.items.has('k'), false);
  assert.is(store.get('k'), null);
});

test('values stored by an earlier visit are read', () => {
  const store = createKeyValueStore(() => createMemoryStorage({ k: 'from before' }));
  assert.is(store.get('k'), 'from before');
});

test('opening storage throws (SecurityError in a partitioned frame): memory only, set says false', () => {
  const store = createKeyValueStore(() => {
    throw storageError('SecurityError');
  });
  assert.is(store.set('k', 'v'), false);
  assert.is(store.get('k'), 'v', 'kept in memory for this visit');
  store.remove('k');
  assert.is(store.get('k'), null);
});

test('no storage at all (null): memory only', () => {
  const store = createKeyValueStore(() => null);
  assert.is(store.set('k', 'v'), false);
  assert.is(store.get('k'), 'v');
});

test('storage full (QuotaExceededError on set): set says false, the value is still kept in memory', () => {
  const storage = createMemoryStorage();
  storage.failSet = storageError('QuotaExceededError');
  const store = createKeyValueStore(() => storage);
  assert.not.throws(() => store.set('k', 'v'));
  assert.is(store.set('k', 'v2'), false);
  assert.is(store.get('k'), 'v2');
  assert.is(storage.items.has('k'), false);
});

test('reads that throw fall back to memory', () => {
  const storage = createMemoryStorage({ k: 'stored' });
  const store = createKeyValueStore(() => storage);
  storage.failGet = storageError('SecurityError');
  assert.is(store.get('k'), null, 'nothing in memory yet');
  store.set('k', 'mine');
  assert.is(store.get('k'), 'mine');
});

test('a value in storage wins over the memory copy', () => {
  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => storage);
  store.set('k', 'v1');
  storage.items.set('k', 'changed by another tab');
  assert.is(store.get('k'), 'changed by another tab');
});

test('remove that throws still forgets the memory copy', () => {
  const storage = createMemoryStorage();
  storage.failSet = storageError('QuotaExceededError');
  storage.failRemove = storageError('SecurityError');
  const store = createKeyValueStore(() => storage);
  store.set('k', 'v');
  assert.not.throws(() => store.remove('k'));
  assert.is(store.get('k'), null);
});

test('open is called once, at creation', () => {
  let opened = 0;
  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => {
    opened += 1;
    return storage;
  });
  store.set('a', '1');
  store.get('a');
  store.remove('a');
  assert.is(opened, 1);
});

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');

test('refused: reading localStorage throws (Chromium with third-party storage blocked, Firefox rejecting it)', () => {
  const store = createKeyValueStore(() => {
    throw securityError();
  });
  assert.is(store.refused, true);
  assert.is(store.set('k', 'v'), false, 'kept in memory only');
  assert.is(store.get('k'), 'v');
});

test('refused: a storage whose reads throw', () => {
  const store = createKeyValueStore(() => ({
    getItem(): string | null {
      throw securityError();
    },
    setItem() {},
    removeItem() {},
  }));
  assert.is(store.refused, true);
});

test('not refused: a storage that works, or a full one that still reads (drafts alone then stay in memory)', () => {
  assert.is(createKeyValueStore(() => createMemoryStorage()).refused, false);
  const full = createKeyValueStore(() => ({
    getItem: () => null,
    setItem() {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem() {},
  }));
  assert.is(full.refused, false);
});

test.run();
