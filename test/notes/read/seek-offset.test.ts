import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import {
  adjustedSeconds,
  parseSeekOffset,
  readSeekOffset,
  SEEK_OFFSETS,
  seekOffsetKey,
  seekTarget,
} from '../../../src/notes/read/seek-offset.ts';
import { createKeyValueStore } from '../../../src/platform/key-value-store.ts';
import { learnerKey } from '../../../src/session/session-model.ts';
import { saveSeekOffset } from '../../../src/ui/screens/view/seek-offset-save.ts';
import { createMemoryStorage, storageError } from '../../fakes/memory-storage.ts';

const asha = `org\u0000org\u0000asha`;

test('the choices are off, 3, 5 and 10 seconds', () => {
  assert.equal([...SEEK_OFFSETS], [0, 3, 5, 10]);
});

test('the stored value is untrusted: anything but "0", "3", "5" or "10" is off', () => {
  assert.is(parseSeekOffset('3'), 3);
  assert.is(parseSeekOffset('5'), 5);
  assert.is(parseSeekOffset('10'), 10);
  assert.is(parseSeekOffset('0'), 0);
  for (const bad of [
    null,
    undefined,
    '',
    '7',
    ' 3',
    '3.0',
    '03',
    '1e1',
    '"5"',
    '-3',
    'off',
    'NaN',
    5,
    {},
    '10 ',
  ]) {
    assert.is(parseSeekOffset(bad), 0, String(bad));
  }
});

test('adjusted seconds: earlier by the offset, never below 0', () => {
  assert.is(adjustedSeconds(192, 0), 192);
  assert.is(adjustedSeconds(192, 3), 189);
  assert.is(adjustedSeconds(192.5, 10), 182.5);
  assert.is(adjustedSeconds(4, 5), 0);
  assert.is(adjustedSeconds(2.5, 3), 0);
  assert.is(adjustedSeconds(0, 10), 0);
  for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY])
    assert.is(adjustedSeconds(bad, 3), 0, String(bad));
});

test('a time anchor is adjusted; a page anchor is not; no anchor, no seek', () => {
  assert.equal(seekTarget({ kind: 'time', seconds: 192 }, 5), { seconds: 187 });
  assert.equal(seekTarget({ kind: 'time', seconds: 2 }, 5), { seconds: 0 });
  assert.equal(seekTarget({ kind: 'page', page: 4 }, 10), { page: 4 });
  assert.is(seekTarget(null, 10), null);
});

test('kept per learner on the device, under a key of its own (never the token)', () => {
  const key = learnerKey({
    rootOrg: 'org',
    org: 'org',
    user: { userId: 'asha', token: 'SECRET', email: '', firstName: '', lastName: '', roles: [] },
  });
  assert.is(key, asha);
  assert.is(seekOffsetKey(key), `notes:seek-offset:${asha}`);
  assert.not.ok(seekOffsetKey(key).includes('SECRET'));
  assert.not.ok(seekOffsetKey(key).startsWith(journalKey('')), 'outside what the journal sweep removes');

  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => storage);
  assert.is(readSeekOffset(store, asha), 0);
  assert.ok(saveSeekOffset(store, asha, 5));
  assert.is(storage.items.get(seekOffsetKey(asha)), '5');
  assert.is(readSeekOffset(store, asha), 5);
  assert.is(readSeekOffset(store, 'org\u0000org\u0000ravi'), 0, 'another learner has their own');
  assert.ok(saveSeekOffset(store, asha, 0));
  assert.not.ok(storage.items.has(seekOffsetKey(asha)), 'off removes the entry');
  assert.is(readSeekOffset(store, asha), 0);
});

test('no learner: nothing read or kept; a refused storage keeps it for this visit', () => {
  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => storage);
  assert.not.ok(saveSeekOffset(store, '', 5));
  assert.is(storage.items.size, 0);
  assert.is(readSeekOffset(store, ''), 0);
  storage.failSet = storageError('QuotaExceededError');
  assert.not.ok(saveSeekOffset(store, asha, 10));
  assert.is(readSeekOffset(store, asha), 10);
  storage.items.set(seekOffsetKey(asha), 'garbage');
  storage.failSet = null;
  assert.is(readSeekOffset(store, asha), 0, 'a stored garbage value is off');
});

test.run();
