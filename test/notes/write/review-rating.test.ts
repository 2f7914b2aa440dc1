/**
 * A review rating (issue 27) as a write of the outbox: queued with its own Idempotency-Key, kept
 * through offline spells and reloads, sent exactly once (a lost answer is sent again with the same
 * key, which the server schedules once), in order with the learner's edits; its predicted card shows
 * until the server's answer replaces it; storage refused, it works in memory.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OutboxItem } from '../../../src/notes/write/journal.ts';
import { parseJournal } from '../../../src/notes/write/journal.ts';
import { rebase, verdictFor } from '../../../src/notes/write/outbox-verdict.ts';
import { ratedCards } from '../../../src/notes/write/settle-write.ts';
import type { Note, ReviewCard } from '../../../src/protocol/api-types.ts';
import { createDeferred, flushPromises } from '../../fakes/deferred.ts';
import { fakeCard } from '../../fakes/fake-card.ts';
import { fakeNote } from '../../fakes/fake-note.ts';
import {
  answers,
  createRecordedStorage,
  createWriteSide,
  httpError,
  NOW,
  offline,
  type RecordedStorage,
  updateItem,
} from '../../fakes/write-side.ts';

const card = (due: string, over: Partial<ReviewCard> = {}): ReviewCard =>
  fakeCard(due, { lastReview: '2026-05-06T07:08:09.000Z', ...over });
const PREDICTED = card('2026-05-09T07:08:09.000Z');
const FROM_SERVER = card('2026-05-10T07:08:09.000Z', { stability: 3.4 });
const note = fakeNote({ noteId: 'n1', version: 2, inReview: true, review: null });
const rated: Note = { ...note, review: FROM_SERVER };

const rating = (id: string, noteId = 'n1'): OutboxItem => ({
  id,
  kind: 'review',
  noteId,
  rating: 3,
  reviewedOn: new Date(NOW).toISOString(),
  predicted: PREDICTED,
});
const keys = (s: ReturnType<typeof createWriteSide>) =>
  s.fake.optionsTo('reviewNote').map((o) => o?.idempotencyKey);

test('a rating is sent as POST /notes/review with its item id as Idempotency-Key; the answer replaces the card', async () => {
  const s = createWriteSide({ script: { reviewNote: answers<Note>(rated) } });
  s.cache.put(note);
  const outcome = await s.outbox.enqueue(rating('r-1'));
  assert.equal(outcome, { kind: 'saved', note: rated });
  assert.equal(s.fake.callsTo('reviewNote')[0]?.[0], {
    noteId: 'n1',
    rating: 3,
    reviewedOn: new Date(NOW).toISOString(),
  });
  assert.equal(keys(s), ['r-1']);
  assert.equal(s.cache.get('n1')?.review, FROM_SERVER);
  assert.equal(s.stored().outbox, []);
  assert.not.ok(s.announced.includes('Note saved'), 'a rating is not a saved note');
});

test('offline: the rating stays queued (its predicted card stands) and goes out once when online', async () => {
  const s = createWriteSide({ script: { reviewNote: answers<Note>(offline(), offline(), rated) } });
  s.cache.put(note);
  const outcome = await s.outbox.enqueue(rating('r-1'));
  assert.equal(outcome, { kind: 'queued' });
  assert.equal(ratedCards(s.stored().outbox).get('n1'), PREDICTED, 'kept in storage, predicted card with it');
  await s.t.advance(500); // the retry after its backoff (0.5 s with this jitter): still offline
  assert.is(s.fake.callsTo('reviewNote').length, 2);
  s.outbox.resume(); // the browser is online again
  await flushPromises();
  assert.equal(s.stored().outbox, []);
  assert.equal(keys(s), ['r-1', 'r-1', 'r-1'], 'every try with the same key');
  assert.is(s.fake.callsTo('reviewNote').length, 3);
  assert.equal(s.cache.get('n1')?.review, FROM_SERVER);
  s.outbox.resume();
  await flushPromises();
  assert.is(s.fake.callsTo('reviewNote').length, 3, 'nothing more once confirmed');
});

test('a reload with a rating whose answer was lost sends it again with the same key, and only it', async () => {
  const storage: RecordedStorage = createRecordedStorage();
  const lost = createDeferred<Note>();
  const before = createWriteSide({ storage, script: { reviewNote: answers<Note>(lost) } });
  before.outbox.enqueue(rating('key-7'));
  await flushPromises();
  before.outbox.stop(); // the page reloaded while the answer was on its way
  lost.reject(offline());
  const after = createWriteSide({ storage, script: { reviewNote: answers<Note>(rated) } });
  assert.equal(
    ratedCards(after.journal.state.value.outbox).get('n1'),
    PREDICTED,
    'still predicted after reload',
  );
  after.outbox.resume();
  await flushPromises();
  assert.equal(keys(after), ['key-7']);
  assert.equal(after.stored().outbox, []);
});

test('storage refused: the rating is queued in memory and sent once when the link is back', async () => {
  const s = createWriteSide({ refused: true, script: { reviewNote: answers<Note>(offline(), rated) } });
  await s.outbox.enqueue(rating('r-1'));
  assert.is(s.storage.items.size, 0, 'nothing stored');
  assert.ok(ratedCards(s.journal.state.value.outbox).has('n1'));
  s.outbox.resume();
  await flushPromises();
  assert.equal(keys(s), ['r-1', 'r-1']);
  assert.equal(s.journal.state.value.outbox, []);
});

test('in order with edits: an edit queued before the rating goes first; the rating keeps the edited text', async () => {
  const edited = { ...note, version: 3, content: '<p>x</p>', text: 'x' };
  const slowEdit = createDeferred<Note>();
  const s = createWriteSide({
    script: {
      updateNote: answers<Note>(slowEdit),
      reviewNote: answers<Note>({ ...edited, review: FROM_SERVER }),
    },
  });
  s.cache.put(note);
  s.outbox.enqueue(updateItem('u-1', note, 'x'));
  s.outbox.enqueue(rating('r-1'));
  await flushPromises();
  assert.equal(
    s.fake.calls.map((c) => c.method),
    ['updateNote'],
  );
  slowEdit.resolve(edited);
  await flushPromises();
  assert.equal(
    s.fake.calls.map((c) => c.method),
    ['updateNote', 'reviewNote'],
  );
  assert.equal(s.cache.get('n1'), { ...edited, review: FROM_SERVER }, 'an edit keeps its schedule');
});

test('the answer of a rating while an edit of the note is on its way changes only its card', async () => {
  const s = createWriteSide({ script: { reviewNote: answers<Note>(rated) } });
  const mine = { ...note, text: 'mine, not sent yet' };
  s.cache.put(mine);
  s.cache.setSaving('n1', true);
  await s.outbox.enqueue(rating('r-1'));
  assert.equal(s.cache.get('n1'), { ...mine, review: FROM_SERVER });
});

test('a 404 (the note deleted elsewhere) settles the rating; a 400 drops it and says so', async () => {
  assert.equal(verdictFor(rating('r'), httpError(404)), { kind: 'done', note: null });
  const s = createWriteSide({ script: { reviewNote: answers<Note>(httpError(404), httpError(400)) } });
  await s.outbox.enqueue(rating('r-1'));
  assert.equal(s.stored().outbox, []);
  await s.outbox.enqueue(rating('r-2'));
  assert.equal(s.stored().outbox, []);
  assert.ok(s.announced.includes('Could not save the rating'));
});

test('rebase: a rating of a note added offline names the server id once the add is stored', () => {
  const add: OutboxItem = { id: 'a', kind: 'add', tempId: 'local-a', note: { ...note } as never };
  const out = rebase([rating('r', 'local-a')], add, { ...note, noteId: 'srv-1' });
  assert.equal(out, [{ ...rating('r'), noteId: 'srv-1' }]);
});

test('the journal reads a stored rating back, and drops a malformed one alone', () => {
  const good = rating('r-1');
  const raw = JSON.stringify({
    drafts: {},
    conflicts: {},
    outbox: [
      good,
      { ...good, id: 'bad-rating', rating: 5 },
      { ...good, id: 'bad-card', predicted: { ...PREDICTED, state: 'done' } },
      { ...good, id: 'no-date', reviewedOn: 1 },
    ],
  });
  assert.equal(parseJournal(raw).outbox, [good]);
});

test('ratedCards: the latest queued rating of each note', () => {
  const later = { ...rating('r-2'), predicted: FROM_SERVER };
  assert.equal(
    [...ratedCards([rating('r-1'), later, rating('r-3', 'n2')])],
    [
      ['n1', FROM_SERVER],
      ['n2', PREDICTED],
    ],
  );
});

test.run();
