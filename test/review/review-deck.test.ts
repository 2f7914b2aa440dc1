/**
 * The Review screen's model over fakes: the due list asked as the contract says (review 'due', the
 * end of the local day, due order, paged), a rating leaving today's queue at once and queued with
 * its predicted card, an edit keeping its schedule, a deleted note leaving, the copy kept on the
 * device when the server can't be asked, and the forecast once nothing is due.
 */
import { signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import { describeProblem } from '../../src/notes/read/describe-error.ts';
import type { KeptPage } from '../../src/notes/read/kept-read.ts';
import { createNoteCache } from '../../src/notes/read/note-cache.ts';
import type { ListKeeping } from '../../src/notes/read/note-lists.ts';
import type { Note, NoteFilter, NotesPage, ReviewCard, ReviewRating } from '../../src/protocol/api-types.ts';
import { endOfLocalDay, type RatedCards } from '../../src/review/due-notes.ts';
import { createReviewDeck, DUE_PAGE } from '../../src/review/review-deck.ts';
import { KEPT_DUE } from '../../src/review/review-kept.ts';
import { flushPromises } from '../fakes/deferred.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { createFakeNotesApi } from '../fakes/fake-notes-api.ts';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const DAY = 86_400_000;
const card = (due: number, over: Partial<ReviewCard> = {}): ReviewCard => ({
  due: new Date(due).toISOString(),
  stability: 4,
  difficulty: 5,
  scheduledDays: 4,
  learningSteps: 0,
  reps: 2,
  lapses: 0,
  state: 'review',
  lastReview: new Date(due - 4 * DAY).toISOString(),
  ...over,
});
const due = (noteId: string, at: number) => fakeNote({ noteId, inReview: true, review: card(at) });

type Answer = (filter: NoteFilter) => Promise<NotesPage>;

function setup(answer: Answer, keptPages: Record<string, KeptPage> = {}) {
  const fake = createFakeNotesApi({ fetchNotes: (filter) => answer(filter) });
  const saved: [string, Note[]][] = [];
  const kept: ListKeeping = {
    read: (key) => keptPages[key] ?? null,
    save: (key, _filter, _order, page) => void saved.push([key, page.notes]),
  };
  const cache = createNoteCache();
  const rated = signal<RatedCards>(new Map());
  const queued: [string, ReviewRating, string, ReviewCard][] = [];
  const side = {
    rated,
    rate(noteId: string, rating: ReviewRating, reviewedOn: string, predicted: ReviewCard) {
      queued.push([noteId, rating, reviewedOn, predicted]);
      rated.value = new Map([...rated.value, [noteId, predicted]]);
      return Promise.resolve();
    },
  };
  const review = {
    api: fake.api,
    side: () => undefined,
    http: fake.http,
    kept,
    describe: describeProblem,
    now: () => NOW,
    due: signal<number | null | undefined>(undefined),
  };
  const deck = createReviewDeck({ review, cache, writeSide: () => Promise.resolve(side) });
  return { deck, fake, cache, saved, queued, review, rated };
}

const ids = (notes: readonly Note[]) => notes.map((n) => n.noteId);

test('the due list: review "due" by the end of the local day, in due order, a page at a time', async () => {
  const s = setup(async () => ({
    notes: [due('a', NOW - DAY), due('b', NOW - 2 * DAY)],
    total: 2,
    nextCursor: null,
  }));
  s.deck.start();
  await flushPromises();
  assert.equal(s.fake.callsTo('fetchNotes')[0]?.[0], {
    review: 'due',
    dueBy: new Date(endOfLocalDay(NOW)).toISOString(),
    order: 'due',
    limit: DUE_PAGE,
  });
  assert.is(s.deck.status.value, 'ready');
  assert.equal(ids(s.deck.queue.value), ['b', 'a'], 'soonest first');
  assert.is(s.review.due.value, 2, 'the tab’s count');
  assert.equal(
    s.saved.map(([key, notes]) => [key, ids(notes)]),
    [[KEPT_DUE, ['a', 'b']]],
    'kept for offline',
  );
});

test('a rating: the note leaves today’s queue at once; queued with its predicted card and date', async () => {
  const s = setup(async (f) =>
    f.review === 'due'
      ? { notes: [due('a', NOW - DAY), due('b', NOW - DAY / 2)], total: 2, nextCursor: null }
      : { notes: [], total: 0, nextCursor: null },
  );
  s.deck.start();
  await flushPromises();
  const first = s.deck.queue.value[0] as Note;
  const predicted = s.deck.rate(first, 3);
  assert.equal(ids(s.deck.queue.value), ['b'], 'gone before the write side answered');
  assert.ok(Date.parse(predicted.due) > endOfLocalDay(NOW), 'Good on a review card: days away');
  await flushPromises();
  assert.equal(s.queued, [['a', 3, new Date(NOW).toISOString(), predicted]]);
  assert.is(s.review.due.value, 1);
  assert.is(s.deck.ratedHere(), 1);
});

test('an edit keeps its schedule; a deleted note leaves the queue', async () => {
  const s = setup(async () => ({
    notes: [due('a', NOW - DAY), due('b', NOW - DAY / 2)],
    total: 2,
    nextCursor: null,
  }));
  s.deck.start();
  await flushPromises();
  const a = s.cache.get('a') as Note;
  s.cache.put({ ...a, text: 'edited', content: '<p>edited</p>', version: a.version + 1 });
  assert.is(s.deck.queue.value[0]?.text, 'edited', 'still first, as it was due');
  s.cache.setHidden('a', true); // deleted (its Undo window)
  assert.equal(ids(s.deck.queue.value), ['b']);
  s.cache.remove('b', true); // the server confirmed a delete
  assert.equal(ids(s.deck.queue.value), []);
});

test('offline: the due notes come from the copy kept on the device, with the problem to show', async () => {
  const keptNotes = [due('k1', NOW - DAY), due('k2', NOW + 3 * DAY)];
  const s = setup(() => Promise.reject(new ApiError('network', 'Network error')), {
    [KEPT_DUE]: { notes: keptNotes, total: 2, complete: false, at: NOW - DAY },
  });
  s.deck.start();
  await flushPromises();
  assert.is(s.deck.status.value, 'ready');
  assert.is(s.deck.fromKept.value, true);
  assert.is(s.deck.problem.value?.kind, 'offline');
  assert.equal(ids(s.deck.queue.value), ['k1'], 'only what is due today');
});

test('offline with nothing kept: an error to retry', async () => {
  const s = setup(() => Promise.reject(new ApiError('network', 'Network error')));
  s.deck.start();
  await flushPromises();
  assert.is(s.deck.status.value, 'error');
});

test('a due page with a malformed card is a bad answer: the problem shown, the kept copy used', async () => {
  const bad = { ...due('b', NOW - DAY), review: { ...card(NOW - DAY), due: 5 } } as unknown as Note;
  const s = setup(async () => ({ notes: [due('a', NOW - DAY), bad], total: 2, nextCursor: null }));
  s.deck.start();
  await flushPromises();
  assert.is(s.deck.status.value, 'error', 'nothing kept: an error to retry');
  assert.is(s.deck.problem.value?.kind, 'server', 'as any bad answer says');
  assert.equal(s.saved, [], 'nothing of that answer kept');
  const keptNotes = [due('k1', NOW - DAY)];
  const withKept = setup(async () => ({ notes: [bad], total: 1, nextCursor: null }), {
    [KEPT_DUE]: { notes: keptNotes, total: 1, complete: false, at: NOW - DAY },
  });
  withKept.deck.start();
  await flushPromises();
  assert.is(withKept.deck.fromKept.value, true);
  assert.is(withKept.deck.problem.value?.kind, 'server');
  assert.equal(ids(withKept.deck.queue.value), ['k1']);
});

test('a kept copy with a malformed card is not used', async () => {
  const bad = { ...due('k2', NOW - DAY), review: { ...card(NOW - DAY), state: 'done' } } as unknown as Note;
  const s = setup(() => Promise.reject(new ApiError('network', 'Network error')), {
    [KEPT_DUE]: { notes: [due('k1', NOW - DAY), bad], total: 2, complete: false, at: NOW - DAY },
  });
  s.deck.start();
  await flushPromises();
  assert.is(s.deck.status.value, 'error');
});

test('a rating queued in another frame (or before a reload) keeps the note out', async () => {
  const s = setup(async () => ({ notes: [due('a', NOW - DAY)], total: 1, nextCursor: null }));
  s.rated.value = new Map([['a', card(NOW + 3 * DAY)]]);
  s.deck.start();
  await flushPromises();
  assert.equal(ids(s.deck.queue.value), []);
});

test('paging: fewer than a handful left, the next page is fetched with its cursor', async () => {
  const first = Array.from({ length: 3 }, (_, i) => due(`p1-${i}`, NOW - DAY + i));
  const s = setup(async (f) =>
    f.cursor
      ? { notes: [due('p2-0', NOW - DAY / 3)], total: 4, nextCursor: null }
      : { notes: first, total: 4, nextCursor: 'c-2' },
  );
  s.deck.start();
  await flushPromises();
  await flushPromises();
  assert.equal(s.fake.callsTo('fetchNotes')[1]?.[0], {
    review: 'due',
    dueBy: new Date(endOfLocalDay(NOW)).toISOString(),
    order: 'due',
    limit: DUE_PAGE,
    cursor: 'c-2',
  });
  assert.equal(ids(s.deck.queue.value), ['p1-0', 'p1-1', 'p1-2', 'p2-0']);
});

test('nothing due: the notes in review give the next due date and the forecast', async () => {
  const s = setup(async (f) =>
    f.review === 'due'
      ? { notes: [], total: 0, nextCursor: null }
      : { notes: [due('x', NOW + 2 * DAY), due('y', NOW + 9 * DAY)], total: 2, nextCursor: null },
  );
  s.deck.start();
  await flushPromises();
  await flushPromises();
  assert.equal(s.fake.callsTo('fetchNotes')[1]?.[0], { review: 'in', order: 'due', limit: DUE_PAGE });
  assert.is(s.deck.next.value, NOW + 2 * DAY);
  const days = s.deck.forecast.value ?? [];
  assert.is(days.length, 30);
  assert.is(
    days.reduce((n, d) => n + d.count, 0),
    2,
  );
});

test.run();
