/**
 * The scheduling adapter over ts-fsrs, shared by the notes service (which owns a note's card and
 * stores what `rate` returns) and the app (which imports it lazily, in the review chunk, to predict
 * the next card of a rating queued offline). Both build the same scheduler here, so one rating on
 * one card at one instant gives the same card on either side:
 *
 * - FSRS's default parameters, fuzz OFF (a fuzzed interval is random per call; the two sides would
 *   disagree and tests could not pin dates), short-term learning steps ON (ts-fsrs's default
 *   1 m / 10 m learning and 10 m relearning steps).
 * - A rating whose `reviewedOn` is earlier than the card's last review (one made offline on this
 *   device, arriving after a later rating from another device) is applied AT the last review:
 *   no time elapsed since it, so it counts (reps, lapses, state move on) but never sends the card
 *   back in time, and `lastReview` never decreases. Applying it at its own earlier time would make
 *   FSRS see a negative interval; dropping it would lose a rating the learner made.
 */
import { type Card, fsrs, type Grade, generatorParameters, State } from 'ts-fsrs';
import type { ReviewCard, ReviewRating, ReviewState } from '../protocol/api-types';

const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }));

const STATES: Record<State, ReviewState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const FROM_STATE: Record<ReviewState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** ts-fsrs's card as the contract carries it: camelCase, ISO dates, the state by name. */
export function toReviewCard(card: Card): ReviewCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state],
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The contract's card as ts-fsrs takes it (`elapsed_days`, deprecated there, is recomputed by it). */
export function toFsrsCard(card: ReviewCard): Card {
  const out: Card = {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: FROM_STATE[card.state],
  };
  if (card.lastReview !== null) out.last_review = new Date(card.lastReview);
  return out;
}

/** A never-reviewed card, due at `now` (the moment the note entered review). */
export function newCard(now: Date): ReviewCard {
  return {
    due: now.toISOString(),
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: 'new',
    lastReview: null,
  };
}

/** Whether `n` is a rating (1 Again, 2 Hard, 3 Good, 4 Easy). */
export const isReviewRating = (n: unknown): n is ReviewRating => n === 1 || n === 2 || n === 3 || n === 4;

/**
 * The card after one rating. `card` null is a note never reviewed (a new card at `reviewedOn`).
 * A `reviewedOn` before the card's last review is applied at that last review (see the top).
 */
export function rate(card: ReviewCard | null, rating: ReviewRating, reviewedOn: Date): ReviewCard {
  if (!isReviewRating(rating)) throw new RangeError(`rating must be 1, 2, 3 or 4, not ${String(rating)}`);
  if (Number.isNaN(reviewedOn.getTime())) throw new RangeError('reviewedOn is not a valid date');
  const current = card ?? newCard(reviewedOn);
  const last = current.lastReview === null ? null : new Date(current.lastReview);
  const at = last !== null && reviewedOn.getTime() < last.getTime() ? last : reviewedOn;
  return toReviewCard(scheduler.next(toFsrsCard(current), at, rating as Grade).card);
}
