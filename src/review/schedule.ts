/**
 * TEMPORARY SHIM (the review screen's branch): the shared scheduling adapter belongs to the service
 * branch (issue 27), which replaces this file whole when merged. Same interface: `rate(card | null,
 * rating, reviewedOn) → ReviewCard` and `newCard(now)`, over ts-fsrs with fuzz off, deterministic.
 */
import { type Card, createEmptyCard, fsrs, type Grade, type State } from 'ts-fsrs';
import type { ReviewCard, ReviewRating, ReviewState } from '../protocol/api-types.ts';

const scheduler = fsrs({ enable_fuzz: false });
const STATES: readonly ReviewState[] = ['new', 'learning', 'review', 'relearning'];

const toCard = (card: ReviewCard): Card => ({
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: 0,
  scheduled_days: card.scheduledDays,
  learning_steps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  state: STATES.indexOf(card.state) as State,
  ...(card.lastReview ? { last_review: new Date(card.lastReview) } : {}),
});

const fromCard = (card: Card): ReviewCard => ({
  due: card.due.toISOString(),
  stability: card.stability,
  difficulty: card.difficulty,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: STATES[card.state] ?? 'new',
  lastReview: card.last_review ? card.last_review.toISOString() : null,
});

/** A note's card before its first rating: new, due at `now`. */
export function newCard(now: Date): ReviewCard {
  return fromCard(createEmptyCard(now));
}

/** The card after rating `card` (`null`: never rated) `rating` at `reviewedOn` (ISO). */
export function rate(card: ReviewCard | null, rating: ReviewRating, reviewedOn: string): ReviewCard {
  const at = new Date(reviewedOn);
  return fromCard(scheduler.next(card ? toCard(card) : createEmptyCard(at), at, rating as Grade).card);
}
