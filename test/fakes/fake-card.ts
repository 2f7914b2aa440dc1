/**
 * A review card in the `review` state for unit tests: due at `due` (ISO), mid-schedule, never
 * rated unless `over` says so. Shared so each review test reads only what it varies.
 */
import type { ReviewCard } from '../../src/protocol/api-types.ts';

/** A card due at `due`, with `over` replacing any field. */
export const fakeCard = (due: string, over: Partial<ReviewCard> = {}): ReviewCard => ({
  due,
  stability: 3,
  difficulty: 5,
  scheduledDays: 3,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: null,
  ...over,
});
