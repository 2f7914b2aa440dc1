import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { storageRefused } from '../../src/platform/storage-probe.ts';
import { createMemoryStorage } from '../fakes/memory-storage.ts';

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');

test('storage a frame may use: not refused', () => {
  assert.is(storageRefused({ localStorage: createMemoryStorage() }), false);
});

test('reading localStorage throws (Chromium with third-party cookies blocked, Firefox rejecting them): refused', () => {
  const win = {
    get localStorage(): Storage {
      throw securityError();
    },
  };
  assert.is(storageRefused(win), true);
});

test('a storage whose reads throw: refused', () => {
  const localStorage = {
    getItem(): string | null {
      throw securityError();
    },
  };
  assert.is(storageRefused({ localStorage }), true);
});

test('a full storage still reads: not refused (drafts alone are then kept in memory)', () => {
  const localStorage = {
    getItem: () => null,
    setItem() {
      throw new DOMException('full', 'QuotaExceededError');
    },
  };
  assert.is(storageRefused({ localStorage }), false);
});

test.run();
