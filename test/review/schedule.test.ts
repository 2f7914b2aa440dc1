/**
 * The scheduling adapter (src/review/schedule.ts) with fixed dates: the contract's card in and out
 * of ts-fsrs, default FSRS parameters with fuzz off (the same rating gives the same card every
 * time, on the server and in the app), learning steps on, and a late-arriving earlier rating.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReviewCard } from '../../src/protocol/api-types.ts';
import { isReviewRating, newCard, rate, toFsrsCard, toReviewCard } from '../../src/review/schedule.ts';

const T0 = new Date('2026-11-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

test('a new card is due at once, state new, never reviewed', () => {
  assert.equal(newCard(T0), {
    due: '2026-11-01T10:00:00.000Z',
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: 'new',
    lastReview: null,
  });
});

test('Good on a never-reviewed note: the 10-minute learning step, then 2 days in review', () => {
  const first = rate(null, 3, T0);
  assert.is(first.state, 'learning');
  assert.is(first.due, '2026-11-01T10:10:00.000Z', 'the second learning step (1m, 10m)');
  assert.is(first.learningSteps, 1);
  assert.is(first.reps, 1);
  assert.is(first.lastReview, '2026-11-01T10:00:00.000Z');
  assert.is(first.stability, 2.3065, "FSRS's default w[2], Good's initial stability");
  const second = rate(first, 3, at(10));
  assert.equal(
    [second.state, second.due, second.scheduledDays, second.reps, second.lapses],
    ['review', '2026-11-03T10:10:00.000Z', 2, 2, 0],
  );
});

test('Again, Hard, Easy on a new card; Again in review lapses into relearning', () => {
  assert.equal([rate(null, 1, T0).state, rate(null, 1, T0).due], ['learning', '2026-11-01T10:01:00.000Z']);
  assert.is(rate(null, 2, T0).due, '2026-11-01T10:06:00.000Z', 'Hard: between the 1m and 10m steps');
  const easy = rate(null, 4, T0);
  assert.is(easy.state, 'review', 'Easy skips the learning steps');
  assert.ok(easy.scheduledDays >= 8, `Easy: ${easy.scheduledDays} days`);
  const lapsed = rate(easy, 1, new Date(easy.due));
  assert.equal([lapsed.state, lapsed.lapses, lapsed.reps], ['relearning', 1, 2]);
  assert.is(Date.parse(lapsed.due) - Date.parse(easy.due), 10 * 60_000, 'the 10-minute relearning step');
});

test('deterministic (fuzz off): the same ratings at the same times give equal cards', () => {
  const walk = () => {
    let card: ReviewCard | null = null;
    let when = T0;
    for (const r of [3, 3, 4, 2, 3, 1, 3, 3] as const) {
      card = rate(card, r, when);
      when = new Date(card.due);
    }
    return card;
  };
  const a = walk();
  assert.equal(a, walk());
  assert.ok(a !== null && a.reps === 8 && a.lapses === 1);
});

test('a rating earlier than the last review counts at the last review: time never runs back', () => {
  const learned = rate(rate(null, 3, T0), 3, at(10)); // last review 10:10
  const late = rate(learned, 3, at(-60)); // made offline at 09:00, arrives after
  assert.is(late.lastReview, learned.lastReview, 'lastReview does not go back');
  assert.equal(late, rate(learned, 3, at(10)), 'as if rated at the last review');
  assert.is(late.reps, learned.reps + 1, 'the rating still counts');
  assert.ok(Date.parse(late.due) > Date.parse(learned.lastReview ?? ''));
});

test('the card survives the trip through ts-fsrs and JSON unchanged', () => {
  const card = rate(rate(null, 3, T0), 4, at(10));
  assert.equal(toReviewCard(toFsrsCard(card)), card);
  assert.equal(JSON.parse(JSON.stringify(card)), card);
  assert.equal(toReviewCard(toFsrsCard(newCard(T0))), newCard(T0));
});

test('ratings 1–4 only; an invalid date is refused', () => {
  assert.equal([0, 1, 2, 3, 4, 5, '3', 2.5, null].map(isReviewRating), [
    false,
    true,
    true,
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
  assert.throws(() => rate(null, 5 as 1, T0), /rating must be 1, 2, 3 or 4/);
  assert.throws(() => rate(null, 3, new Date('nope')), /not a valid date/);
});

test.run();
