import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note } from '../../../src/protocol/api-types.ts';
import { createDeferred } from '../../fakes/deferred.ts';
import { draftOf, fakeNote } from '../../fakes/fake-note.ts';
import { createTwoFrames } from '../../fakes/two-frames.ts';
import { answers, httpError, L1, offline } from '../../fakes/write-side.ts';

const typed = fakeNote({ noteId: 'x', text: 'Typed in A', content: '<p>Typed in A</p>' });
const stored = (over: Partial<Note> = {}) => ({ ...typed, noteId: 'srv-1', version: 1, ...over });
const seen = fakeNote({ noteId: 'n1', version: 3, text: 'Seen in both' });

test('a note saved in one frame shows in the other as the server stored it', async () => {
  const f = await createTwoFrames({ addNote: answers(stored()) });
  const result = await f.a.side().add(draftOf(typed), 'new:r1');
  assert.ok(result.ok);
  await f.deliver();
  assert.equal(f.b.texts(), ['Typed in A']);
  assert.equal(f.b.cache.get('srv-1'), stored(), 'the stored note, not a temporary copy');
  assert.equal(f.b.saving(), [], 'no "Saving…" left');
  assert.equal(f.b.counts, [], 'the stored note replaced nothing B counted');
});

test('a write queued in one frame shows "Saving…" and "Not saved yet" in the other, then saved once', async () => {
  const f = await createTwoFrames({ addNote: answers<Note>(offline(), stored()) });
  await f.a.side().add(draftOf(typed), 'new:r1');
  await f.deliver();
  const temp = f.a.saving()[0];
  assert.ok(temp?.startsWith('local-'));
  assert.equal(f.b.saving(), [temp], 'B shows the queued note as saving');
  assert.equal([...f.b.unsaved.value], [temp], 'and as not saved yet');
  assert.equal(f.b.counts, [[temp, 1]], 'counted once in B');
  await f.t.advance(1000); // A's retry
  await f.deliver();
  assert.equal(f.fake.callsTo('addNote').length, 2);
  assert.equal(f.b.texts(), ['Typed in A']);
  assert.equal(f.b.saving(), []);
  assert.equal([...f.b.unsaved.value], []);
  assert.ok(f.b.cache.get('srv-1'));
});

test('the stored note arriving before the journal changes leaves nothing stuck', async () => {
  const f = await createTwoFrames({ addNote: answers<Note>(offline(), stored()) });
  await f.a.side().add(draftOf(typed), 'new:r1');
  await f.deliver();
  await f.t.advance(1000);
  // Deliver only the message (the storage event waits): B reads the journal itself.
  await f.deliver();
  assert.equal(f.b.saving(), []);
  assert.equal(f.b.texts(), ['Typed in A'], 'once, not the temporary copy beside the stored one');
});

test('both frames sending at once (online in each): the lock lets each write go once', async () => {
  const answer = createDeferred<Note>();
  const f = await createTwoFrames({ addNote: answers<Note>(offline(), answer) });
  await f.a.side().add(draftOf(typed), 'new:r1');
  await f.deliver();
  f.a.side().retryNow();
  f.b.side().retryNow();
  await f.deliver();
  answer.resolve(stored());
  await f.deliver();
  await f.t.advance(120_000);
  await f.deliver();
  assert.is(f.fake.callsTo('addNote').length, 2, 'the first try, then one retry from one frame');
  assert.ok(f.frames.lockLog.length >= 2, 'both frames asked for the lock');
  assert.equal(f.b.saving(), []);
  assert.equal(f.a.saving(), []);
  assert.equal(f.a.texts(), ['Typed in A']);
});

test("a save never waits on another frame's hold of the sender's lock: queued at once, sent once after", async () => {
  const f = await createTwoFrames({ addNote: answers(stored()) });
  const letGo = createDeferred<void>();
  const other = f.frames.frame().window.navigator.locks;
  void other?.request(`notes:outbox:${L1}`, {}, () => letGo.promise); // another frame, mid-send
  await f.deliver();
  const result = await f.a.side().add(draftOf(typed), 'new:r1'); // resolves only if A did not wait
  assert.ok(result.ok && result.queued, 'the editor is told at once: queued behind the other sender');
  assert.is(f.fake.callsTo('addNote').length, 0, 'nothing sent while the other frame holds the lock');
  letGo.resolve();
  await f.deliver();
  assert.is(f.fake.callsTo('addNote').length, 1, 'sent once the lock is free');
  assert.equal(f.a.texts(), ['Typed in A']);
  assert.equal(f.a.saving(), []);
});

test('without Web Locks both frames may send it, with the same Idempotency-Key', async () => {
  const f = await createTwoFrames(
    { addNote: answers<Note>(offline(), stored(), stored()) },
    { locks: false },
  );
  await f.a.side().add(draftOf(typed), 'new:r1');
  await f.deliver();
  f.a.side().retryNow();
  f.b.side().retryNow();
  await f.deliver();
  const keys = f.fake.optionsTo('addNote').map((o) => o?.idempotencyKey);
  assert.ok(keys.length >= 2 && keys.every((k) => k === keys[0]), 'one key: stored once by the API');
  assert.equal(f.b.texts(), ['Typed in A']);
  assert.equal(f.b.saving(), []);
});

test('a delete in one frame hides the note in the other; Undo brings it back; a confirmed delete drops it', async () => {
  const f = await createTwoFrames({ deleteNote: answers({ noteId: 'n1', deleted: true }) });
  f.a.cache.put(seen);
  f.b.cache.put(seen);
  f.a.side().remove(seen);
  await f.deliver();
  assert.equal(f.b.texts(), [], 'hidden in B too');
  assert.equal(f.b.counts, [['n1', -1]]);
  assert.ok(f.a.side().undo('n1'));
  await f.deliver();
  assert.equal(f.b.texts(), ['Seen in both'], 'back in B');
  assert.equal(f.b.counts, [
    ['n1', -1],
    ['n1', 1],
  ]);
  f.a.side().remove(seen);
  await f.deliver();
  await f.t.advance(6000);
  await f.deliver();
  assert.is(f.fake.callsTo('deleteNote').length, 1);
  assert.equal(f.b.texts(), []);
  assert.is(f.b.cache.get('n1'), undefined, 'gone from B for good');
});

test("a delete, Undo and the same delete again in one frame: its own Undo is not read as another frame's", async () => {
  const f = await createTwoFrames({ deleteNote: answers({ noteId: 'n1', deleted: true }) });
  f.a.cache.put(seen);
  f.b.cache.put(seen);
  f.a.side().remove(seen);
  await f.deliver();
  await f.t.advance(1000);
  assert.ok(f.a.side().undo('n1'));
  await f.deliver();
  f.a.cache.setHidden('n1', true); // as the model's remove does before the write side acts
  f.a.side().remove(seen);
  await f.deliver();
  assert.equal(f.a.texts(), [], 'still hidden in A while the second window is open');
  assert.equal(f.b.texts(), [], 'and in B');
  assert.equal(f.a.counts, [
    ['n1', -1],
    ['n1', 1],
    ['n1', -1],
  ]);
  await f.t.advance(6000);
  await f.deliver();
  assert.is(f.fake.callsTo('deleteNote').length, 1);
  assert.equal(f.a.texts(), []);
  assert.is(f.a.cache.get('n1'), undefined, 'gone from A for good');
});

test('a delete refused in A (changed elsewhere) shows the note again in B, as the server has it', async () => {
  const changed = { ...seen, text: 'Changed elsewhere', version: 4 };
  const f = await createTwoFrames({ deleteNote: answers<never>(httpError(409, changed)) });
  f.a.cache.put(seen);
  f.b.cache.put(seen);
  f.a.side().remove(seen);
  await f.deliver();
  assert.equal(f.b.texts(), [], 'hidden in B while queued');
  await f.t.advance(6000);
  await f.deliver();
  assert.is(f.fake.callsTo('deleteNote').length, 1);
  assert.equal(f.a.texts(), ['Changed elsewhere']);
  assert.equal(f.b.texts(), ['Changed elsewhere'], 'back in B without a reload');
  assert.equal(f.b.counts, [
    ['n1', -1],
    ['n1', 1],
  ]);
});

test('an edit refused in A goes back to what it was in B too, with no "Saving…"', async () => {
  const f = await createTwoFrames({ updateNote: answers<never>(offline(), httpError(400)) });
  f.a.cache.put(seen);
  f.b.cache.put(seen);
  await f.a.side().update(seen, { content: '<p>Refused</p>', text: 'Refused' }, 'edit:n1');
  await f.deliver();
  assert.equal(f.b.texts(), ['Refused'], 'B shows the queued edit');
  await f.t.advance(1000); // A's retry: refused for good
  await f.deliver();
  assert.is(f.fake.callsTo('updateNote').length, 2);
  assert.equal(f.b.texts(), ['Seen in both'], 'the refused text is not shown as saved');
  assert.equal(f.b.saving(), []);
  assert.equal(f.b.counts, []);
});

test('the refusal arriving before the journal (each frame in its own process): B shows the note again', async () => {
  const changed = { ...seen, text: 'Changed elsewhere', version: 4 };
  const f = await createTwoFrames(
    { deleteNote: answers<never>(httpError(409, changed)) },
    { processes: true },
  );
  f.a.cache.put(seen);
  f.b.cache.put(seen);
  f.a.side().remove(seen);
  await f.deliver();
  assert.equal(f.b.texts(), [], 'hidden in B while queued');
  await f.t.advance(6000); // A sends the delete: refused
  await f.frames.deliverMessages(); // B hears of it while its copy of the journal still holds the delete
  assert.equal(f.b.texts(), ['Changed elsewhere'], 'back in B at once');
  await f.deliver();
  assert.equal(f.b.texts(), ['Changed elsewhere'], 'and still, once the journal caught up');
  assert.equal(f.b.saving(), []);
});

test("another frame's refusal for a note this frame still has queued leaves it as it is", async () => {
  const f = await createTwoFrames();
  f.b.cache.put(seen);
  f.b.side().remove(seen); // queued in its Undo window
  await f.deliver();
  const other = f.frames.frame().window;
  new other.BroadcastChannel!('notes').postMessage({ learner: L1, kind: 'kept', noteId: 'n1', note: seen });
  await f.deliver();
  assert.equal(f.b.texts(), [], "B's own delete still hides it");
});

test("drafts and an edit are shared: B reads A's draft, and an edit saved in A shows in B", async () => {
  const f = await createTwoFrames({ updateNote: answers({ ...seen, text: 'Edited', version: 4 }) });
  f.a.cache.put(seen);
  f.b.cache.put(seen);
  f.a.side().drafts.set('edit:n1', { content: '<p>Half</p>', text: 'Half' });
  await f.deliver();
  assert.equal(f.b.side().drafts.get('edit:n1'), { content: '<p>Half</p>', text: 'Half' });
  await f.a.side().update(seen, { content: '<p>Edited</p>', text: 'Edited' }, 'edit:n1');
  await f.deliver();
  assert.equal(f.b.texts(), ['Edited']);
  assert.is(f.b.cache.get('n1')?.version, 4);
  assert.equal(f.b.saving(), []);
  assert.is(f.b.side().drafts.get('edit:n1'), undefined, 'the draft went into the outbox');
});

test("another learner's frame is not followed", async () => {
  const f = await createTwoFrames({ addNote: answers(stored()) });
  f.b.actions.reset(); // B now follows the learner of its `learner()` again: same L1
  await f.a.side().add(draftOf(typed), 'new:r1');
  await f.deliver();
  assert.equal(f.b.texts(), ['Typed in A'], 'a reset side follows again');
});

test.run();
