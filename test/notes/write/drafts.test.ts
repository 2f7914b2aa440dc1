import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { journalKey } from '../../../src/notes/read/journal-key.ts';
import { DRAFT_WRITE_MS } from '../../../src/notes/write/drafts.ts';
import { createJournal, parseJournal } from '../../../src/notes/write/journal.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { createDeferred } from '../../fakes/deferred.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import type { NotesApi } from '../../fakes/fake-notes-api.ts';
import { storageError } from '../../fakes/memory-storage.ts';
import {
  addItem,
  createRecordedStorage,
  createWriteSide,
  L1,
  type RecordedStorage,
} from '../../fakes/write-side.ts';

const d = (text: string) => ({ content: `<p>${text}</p>`, text });

/** The drafts part alone, over a recorded storage and the write side's fake clock. */
function setup(storage: RecordedStorage = createRecordedStorage(), script: Partial<NotesApi> = {}) {
  const side = createWriteSide({ storage, script });
  const writes = () => side.storage.log.filter((w) => w.key === journalKey(L1)).length;
  return { ...side, writes };
}

test('get / set / remove', () => {
  const s = setup();
  assert.is(s.drafts.get('new:r1'), undefined);
  s.drafts.set('new:r1', d('one'));
  assert.equal(s.drafts.get('new:r1'), d('one'));
  s.drafts.set('edit:n1', d('two'));
  assert.equal(s.drafts.get('edit:n1'), d('two'), 'an unwritten draft reads back at once');
  s.drafts.remove('new:r1');
  assert.is(s.drafts.get('new:r1'), undefined);
  assert.equal(s.stored().drafts, { 'edit:n1': d('two') }, 'remove writes what was pending too');
});

test('the first change is written at once; later ones at most every 5000 ms', async () => {
  const s = setup();
  s.drafts.set('new:r1', d('a'));
  assert.is(s.writes(), 1);
  for (let i = 0; i < 10; i++) {
    await s.t.advance(400);
    s.drafts.set('new:r1', d(`a${i}`));
  }
  assert.is(s.writes(), 1, 'nothing more within 5000 ms');
  assert.equal(s.stored().drafts['new:r1'], d('a'));
  await s.t.advance(DRAFT_WRITE_MS - 4000 - 1);
  assert.is(s.writes(), 1);
  await s.t.advance(1);
  assert.is(s.writes(), 2, 'written 5000 ms after the last write');
  assert.equal(s.stored().drafts['new:r1'], d('a9'), 'the latest text');
  await s.t.advance(60_000);
  assert.is(s.writes(), 2, 'nothing to write: no write');
  assert.is(s.t.pending(), 0);
});

test('a change more than 5000 ms after the last write is written at once', async () => {
  const s = setup();
  s.drafts.set('new:r1', d('a'));
  await s.t.advance(DRAFT_WRITE_MS + 1);
  s.drafts.set('new:r1', d('b'));
  assert.is(s.writes(), 2);
  assert.equal(s.stored().drafts['new:r1'], d('b'));
});

test('changes to several drafts inside one window are written together', async () => {
  const s = setup();
  s.drafts.set('x', d('x0'));
  s.drafts.set('x', d('x1'));
  s.drafts.set('y', d('y1'));
  s.drafts.remove('x');
  s.drafts.set('y', d('y2'));
  await s.t.advance(DRAFT_WRITE_MS);
  assert.equal(s.stored().drafts, { y: d('y2') });
  assert.is(s.writes(), 3, 'x0 at once, the remove at once, y2 after the window');
});

test('flush writes what is pending now; with nothing pending it writes nothing', async () => {
  const s = setup();
  s.drafts.set('new:r1', d('a'));
  s.drafts.flush();
  assert.is(s.writes(), 1, 'nothing pending: no write');
  s.drafts.set('new:r1', d('b'));
  assert.equal(s.stored().drafts['new:r1'], d('a'));
  s.drafts.flush();
  assert.is(s.writes(), 2);
  assert.equal(s.stored().drafts['new:r1'], d('b'));
  await s.t.advance(DRAFT_WRITE_MS * 2);
  assert.is(s.writes(), 2, 'the pending timer was cleared');
});

test('drafts survive a reload (a new journal over the same storage)', () => {
  const s = setup();
  s.drafts.set('new:r1', d('typed'));
  const again = setup(s.storage);
  assert.equal(again.drafts.get('new:r1'), d('typed'));
});

test('take(): the draft leaves in the very write that queues its text — storage never holds neither', async () => {
  const answer = createDeferred<Note>();
  const s = setup(undefined, { addNote: () => answer.promise });
  s.drafts.set('new:r1', d('first'));
  s.drafts.set('new:r1', d('latest')); // not written yet (inside the window)
  const item = addItem('a', d('latest'));
  const before = s.storage.log.length;
  void s.outbox.enqueue(item, s.drafts.take('new:r1'));
  const after = s.storage.log.slice(before);
  assert.is(after.length, 1, 'one write');
  const written = parseJournal(after[0]?.value ?? null);
  assert.equal(written.drafts, {}, 'the draft is gone…');
  assert.equal(written.outbox, [item], '…in the write that queued the latest text');
  assert.is(s.drafts.get('new:r1'), undefined, 'the next Add note starts empty');
  // Every value storage ever held has the text somewhere (no write lost it).
  for (const w of s.storage.log) {
    const j = parseJournal(w.value);
    const texts = [
      ...Object.values(j.drafts).map((x) => x.text),
      ...j.outbox.map((i) => (i.kind === 'add' ? i.note.text : '')),
    ];
    assert.ok(
      texts.some((x) => x === 'first' || x === 'latest'),
      `a write without the text: ${w.value}`,
    );
  }
  await s.t.advance(DRAFT_WRITE_MS * 2);
  assert.equal(s.stored().drafts, {}, 'the throttled write does not bring the taken draft back');
  answer.resolve(fakeNote({ noteId: 'srv', ...d('latest') }));
});

test('take() leaves other drafts’ pending changes to be written', async () => {
  const s = setup();
  s.drafts.set('a', d('a0'));
  s.drafts.set('a', d('a1'));
  s.drafts.set('b', d('b1'));
  s.journal.update(s.drafts.take('a'));
  await s.t.advance(DRAFT_WRITE_MS);
  assert.equal(s.stored().drafts, { b: d('b1') });
});

test('durable: false while storage refuses writes (drafts kept in memory), true again after', () => {
  const storage = createRecordedStorage();
  const s = setup(storage);
  assert.is(s.drafts.durable, s.journal.durable);
  assert.ok(s.drafts.durable.value);
  storage.failSet = storageError('QuotaExceededError');
  assert.not.throws(() => s.drafts.set('new:r1', d('in memory')));
  assert.not.ok(s.drafts.durable.value);
  assert.equal(s.drafts.get('new:r1'), d('in memory'));
  storage.failSet = null;
  s.drafts.set('edit:n1', d('x'));
  s.drafts.flush();
  assert.ok(s.drafts.durable.value);
  assert.equal(
    Object.keys(s.stored().drafts).sort(),
    ['edit:n1', 'new:r1'],
    'the memory-only draft is stored now',
  );
});

test('a journal with a draft for another frame keeps it (read-modify-write)', () => {
  const storage = createRecordedStorage();
  const a = setup(storage);
  const b = setup(storage);
  a.drafts.set('new:r1', d('frame A'));
  b.drafts.set('new:r2', d('frame B'));
  const j = createJournal({ store: a.store, learner: L1 });
  assert.equal(Object.keys(j.state.value.drafts).sort(), ['new:r1', 'new:r2']);
});

test.run();
