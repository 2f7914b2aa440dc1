import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { createJournal, type JournalState } from '../../../src/notes/write/journal.ts';
import { createKeyValueStore } from '../../../src/platform/key-value-store.ts';
import { storageError } from '../../fakes/memory-storage.ts';
import { addItem, createRecordedStorage, L1, L2, storedJournal } from '../../fakes/write-side.ts';

const draft = (text: string) => ({ content: `<p>${text}</p>`, text });
const withDraft =
  (key: string, text: string) =>
  (s: JournalState): JournalState => ({ ...s, drafts: { ...s.drafts, [key]: draft(text) } });
const withoutDraft =
  (key: string) =>
  (s: JournalState): JournalState => {
    const { [key]: _, ...drafts } = s.drafts;
    return { ...s, drafts };
  };

function setup(initial: Record<string, string> = {}) {
  const storage = createRecordedStorage(initial);
  const store = createKeyValueStore(() => storage);
  return { storage, store, journal: (learner = L1) => createJournal({ store, learner }) };
}

test('journalKey: one key per learner, naming the learner', () => {
  assert.is(journalKey(L1), `notes:journal:${L1}`);
  assert.is.not(journalKey(L1), journalKey(L2));
});

test('each learner has a journal of their own under their key', () => {
  const s = setup();
  s.journal(L1).update(withDraft('new:r1', 'one'));
  s.journal(L2).update(withDraft('new:r1', 'two'));
  assert.equal([...s.storage.items.keys()].sort(), [journalKey(L1), journalKey(L2)].sort());
  assert.is(storedJournal(s.storage, L1).drafts['new:r1']?.text, 'one');
  assert.is(storedJournal(s.storage, L2).drafts['new:r1']?.text, 'two');
  assert.is(s.journal(L2).state.value.drafts['new:r1']?.text, 'two', 'read back at creation');
});

test('a fresh journal is empty and writes nothing until changed', () => {
  const s = setup();
  const j = s.journal();
  assert.equal(j.state.value, { drafts: {}, outbox: [], conflicts: {} });
  assert.ok(j.durable.value);
  assert.equal(s.storage.log, []);
});

test('update writes the whole state in one setItem and returns true', () => {
  const s = setup();
  const j = s.journal();
  const item = addItem('a');
  assert.ok(j.update((st) => ({ ...withoutDraft('new:r1')(st), outbox: [item] })));
  assert.is(s.storage.log.length, 1);
  assert.equal(j.state.value.outbox, [item]);
  assert.equal(storedJournal(s.storage).outbox, [item]);
});

test('update is read-modify-write: a second writer’s change to storage is kept', () => {
  const s = setup();
  const frameA = s.journal();
  const frameB = s.journal(); // another frame of the same learner, created before A wrote
  frameA.update(withDraft('new:r1', 'from A'));
  frameB.update(withDraft('edit:n1', 'from B'));
  const stored = storedJournal(s.storage);
  assert.equal(Object.keys(stored.drafts).sort(), ['edit:n1', 'new:r1']);
  assert.equal(Object.keys(frameB.state.value.drafts).sort(), ['edit:n1', 'new:r1']);
});

test('an empty state removes the key instead of storing an empty journal', () => {
  const s = setup();
  const j = s.journal();
  j.update(withDraft('new:r1', 'x'));
  assert.ok(j.update(withoutDraft('new:r1')));
  assert.not.ok(s.storage.items.has(journalKey(L1)));
  assert.equal(s.storage.log.at(-1), { key: journalKey(L1), value: null });
  assert.ok(j.durable.value);
});

test('storage full: durable turns false, the state is kept in memory, nothing throws', () => {
  const s = setup();
  const j = s.journal();
  j.update(withDraft('a', 'kept on disk'));
  s.storage.failSet = storageError('QuotaExceededError');
  let kept = true;
  assert.not.throws(() => {
    kept = j.update(withDraft('b', 'memory only'));
  });
  assert.not.ok(kept);
  assert.not.ok(j.durable.value);
  assert.equal(Object.keys(j.state.value.drafts).sort(), ['a', 'b']);
  assert.equal(Object.keys(storedJournal(s.storage).drafts), ['a'], 'storage still holds the old value');
});

test('after a refused write, updates build on memory, not on the stale stored value', () => {
  const s = setup();
  const j = s.journal();
  j.update(withDraft('a', 'a'));
  s.storage.failSet = storageError('QuotaExceededError');
  j.update(withDraft('b', 'b'));
  j.update(withDraft('c', 'c'));
  assert.equal(Object.keys(j.state.value.drafts).sort(), ['a', 'b', 'c'], 'b survives the second update');
  s.storage.failSet = null; // space again
  assert.ok(j.update(withDraft('d', 'd')));
  assert.ok(j.durable.value);
  assert.equal(Object.keys(storedJournal(s.storage).drafts).sort(), ['a', 'b', 'c', 'd']);
});

test('storage refused (SecurityError on open): in memory and not durable from the start, no throw', () => {
  const store = createKeyValueStore(() => {
    throw storageError('SecurityError');
  });
  const j = createJournal({ store, learner: L1 });
  assert.not.ok(j.durable.value, 'refused before anything was written');
  assert.not.ok(j.update(withDraft('a', 'a')));
  assert.not.ok(j.durable.value);
  j.update(withDraft('b', 'b'));
  assert.equal(Object.keys(j.state.value.drafts).sort(), ['a', 'b']);
});

test('storage that throws on every call (partitioned frame): memory only, no throw', () => {
  const s = setup();
  s.storage.failGet = storageError('SecurityError');
  s.storage.failSet = storageError('SecurityError');
  const j = s.journal();
  assert.not.ok(j.update(withDraft('a', 'a')));
  j.update(withDraft('b', 'b'));
  assert.equal(Object.keys(j.state.value.drafts).sort(), ['a', 'b']);
  assert.not.ok(j.durable.value);
});

test('a journal reads what an earlier visit stored, dropping only malformed entries', () => {
  const good = addItem('a');
  const s = setup({
    [journalKey(L1)]: JSON.stringify({
      drafts: { 'new:r1': draft('kept'), bad: { content: 1 } },
      outbox: [good, { id: 'x', kind: 'nope' }],
      conflicts: {},
    }),
  });
  const j = s.journal();
  assert.equal(j.state.value.drafts, { 'new:r1': draft('kept') });
  assert.equal(j.state.value.outbox, [good]);
});

test.run();
