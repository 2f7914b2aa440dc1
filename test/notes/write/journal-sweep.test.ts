import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { createJournal, journalWrittenAt } from '../../../src/notes/write/journal.ts';
import { JOURNAL_MAX_AGE_MS, sweepJournals } from '../../../src/notes/write/journal-sweep.ts';
import { createKeyValueStore } from '../../../src/platform/key-value-store.ts';
import { createMemoryStorage } from '../../fakes/memory-storage.ts';

const DAY = 86_400_000;
const draft = { content: '<p>x</p>', text: 'x' };

function setup() {
  const storage = createMemoryStorage();
  const store = createKeyValueStore(() => storage);
  const clock = { now: 100 * DAY };
  const journalOf = (learner: string) => createJournal({ store, learner, now: () => clock.now });
  return { storage, store, clock, journalOf };
}

test('a journal write is dated; parsing ignores the date', () => {
  const t = setup();
  t.journalOf('asha').update((s) => ({ ...s, drafts: { 'new:r1': draft } }));
  const raw = t.storage.items.get(journalKey('asha')) ?? null;
  assert.is(journalWrittenAt(raw), 100 * DAY);
  assert.equal(t.journalOf('asha').state.value.drafts, { 'new:r1': draft });
  assert.is(journalWrittenAt('{'), null);
  assert.is(journalWrittenAt(null), null);
});

test('another learner’s journal untouched for 30 days expires; a fresher one and mine stay', () => {
  const t = setup();
  t.journalOf('old').update((s) => ({ ...s, drafts: { k: draft } }));
  t.clock.now += 10 * DAY;
  t.journalOf('recent').update((s) => ({ ...s, drafts: { k: draft } }));
  t.journalOf('me').update((s) => ({ ...s, drafts: { k: draft } }));
  t.clock.now += JOURNAL_MAX_AGE_MS - 10 * DAY;
  const removed = sweepJournals(t.store, 'me', t.clock.now);
  assert.equal(removed, [journalKey('old')]);
  assert.ok(t.storage.items.has(journalKey('recent')));
  t.clock.now += 20 * DAY;
  sweepJournals(t.store, 'me', t.clock.now);
  assert.ok(t.storage.items.has(journalKey('me')), 'the current learner’s is never swept');
  assert.not.ok(t.storage.items.has(journalKey('recent')));
});

test('empty or malformed journals of others are removed; undated ones with content stay; other keys untouched', () => {
  const t = setup();
  t.storage.items.set(journalKey('empty'), '{"drafts":{},"outbox":[],"conflicts":{}}');
  t.storage.items.set(journalKey('broken'), '{');
  t.storage.items.set(
    journalKey('undated'),
    JSON.stringify({ drafts: { k: draft }, outbox: [], conflicts: {} }),
  );
  t.storage.items.set('notes:kept', '{}');
  t.storage.items.set('unrelated', 'x');
  sweepJournals(t.store, 'me', t.clock.now);
  assert.equal([...t.storage.items.keys()].sort(), [journalKey('undated'), 'notes:kept', 'unrelated'].sort());
});

test('storage that refuses to list keys sweeps nothing and throws nothing', () => {
  const storage = createMemoryStorage();
  storage.items.set(journalKey('x'), '{}');
  const store = createKeyValueStore(() => ({
    getItem: (k) => storage.getItem(k),
    setItem: (k, v) => storage.setItem(k, v),
    removeItem: (k) => storage.removeItem(k),
    key: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    length: 1,
  }));
  assert.not.throws(() => sweepJournals(store, 'me', 0));
  assert.ok(storage.items.has(journalKey('x')));
});

test.run();
