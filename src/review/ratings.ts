/** The four review ratings (keys 1–4) and their labels (message keys), in the order FSRS numbers them. */
import type { ReviewRating } from '../protocol/api-types.ts';

/** Again, Hard, Good, Easy: how well a note came back. */
export const RATINGS: readonly { rating: ReviewRating; label: string }[] = [
  { rating: 1, label: 'Again' },
  { rating: 2, label: 'Hard' },
  { rating: 3, label: 'Good' },
  { rating: 4, label: 'Easy' },
];
