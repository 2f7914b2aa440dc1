/**
 * The review side's half of response validation (src/api/parse-review.ts): the card, strict on
 * every field and naming it; a note's card checked once per object and null when never reviewed;
 * the summary.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isApiError } from '../../src/api/api-error.ts';
import { checkCards, parseReviewCard, parseReviewSummary, reviewCardOf } from '../../src/api/parse-review.ts';
import type { Note } from '../../src/protocol/api-types.ts';
import { fakeNote } from '../fakes/fake-note.ts';

/** Asserts `fn` throws ApiError('invalid-response') naming `field`. */
const rejects = (fn: () => unknown, field: string) => {
  try {
    fn();
  } catch (e) {
    assert.ok(isApiError(e), 'ApiError');
    if (!isApiError(e)) return;
    assert.is(e.kind, 'invalid-response');
    assert.is(e.message, `Invalid response field: ${field}`);
    return;
  }
  assert.unreachable(`expected invalid-response on ${field}`);
};

const CARD = {
  due: '2026-12-01T09:00:00.000Z',
  stability: 3.2,
  difficulty: 5.1,
  scheduledDays: 3,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: '2026-11-28T09:00:00.000Z',
};
/** A note as the first load's parse leaves it: its card not checked yet. */
const withCard = (review: unknown): Note => ({ ...fakeNote(), review }) as Note;

test('a card passes as the API sends it; extra fields dropped; lastReview null before the first rating', () => {
  assert.equal(parseReviewCard(CARD), CARD);
  assert.equal(parseReviewCard({ ...CARD, extra: 1 }), CARD);
  assert.is(parseReviewCard({ ...CARD, lastReview: null, state: 'new' }).state, 'new');
  for (const state of ['new', 'learning', 'review', 'relearning'])
    assert.is(parseReviewCard({ ...CARD, state }).state, state);
});

test('a card of a bad shape names the field', () => {
  rejects(() => parseReviewCard({ ...CARD, reps: '1' }), 'reps');
  rejects(() => parseReviewCard({ ...CARD, due: 5 }), 'due');
  rejects(() => parseReviewCard({ ...CARD, stability: Number.NaN }), 'stability');
  rejects(() => parseReviewCard({ ...CARD, state: 'done' }), 'state');
  rejects(() => parseReviewCard({ ...CARD, lastReview: undefined }), 'lastReview');
  rejects(() => parseReviewCard(null), '(root)');
});

test('a note’s card: null when never reviewed (absent or null), validated under `review.`', () => {
  assert.is(reviewCardOf(fakeNote()), null);
  assert.is(reviewCardOf(withCard(null)), null);
  assert.equal(reviewCardOf(withCard({ ...CARD, extra: true })), CARD);
  rejects(() => reviewCardOf(withCard({ ...CARD, due: 5 })), 'review.due');
  rejects(
    () => reviewCardOf(withCard({ ...CARD, difficulty: Number.POSITIVE_INFINITY })),
    'review.difficulty',
  );
  rejects(() => reviewCardOf(withCard({ ...CARD, state: 'done' })), 'review.state');
  rejects(() => reviewCardOf(withCard('tomorrow')), 'review');
});

test('a card is checked once per object: the same card object gives the same checked card', () => {
  const raw = { ...CARD };
  const first = reviewCardOf(withCard(raw));
  assert.ok(first);
  assert.is(reviewCardOf(withCard(raw)), first);
  assert.is(reviewCardOf(withCard(first)), first, 'a checked card passes as it is');
  // A card changed in place after its check is not re-read: cards are never mutated in the app.
  assert.is(reviewCardOf(withCard({ ...CARD })) === first, false, 'another object is checked anew');
});

test('checkCards: every note’s card, the first bad one throws', () => {
  checkCards([fakeNote(), withCard(CARD), withCard(null)]);
  rejects(() => checkCards([withCard(CARD), withCard({ ...CARD, lapses: null })]), 'review.lapses');
});

test('the review summary: counts and the next due date (or null)', () => {
  const s = { inReview: 3, due: 1, nextDue: null };
  assert.equal(parseReviewSummary({ ...s, extra: true }), s);
  assert.equal(parseReviewSummary({ ...s, nextDue: CARD.due }).nextDue, CARD.due);
  rejects(() => parseReviewSummary({ ...s, due: '1' }), 'due');
  rejects(() => parseReviewSummary({ inReview: 3, due: 1 }), 'nextDue');
  rejects(() => parseReviewSummary(null), '(root)');
});

test.run();
