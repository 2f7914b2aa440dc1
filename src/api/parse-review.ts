/**
 * The review side's half of response validation (issue 27; the first half, and the combinators,
 * are parse-response.ts): a note's review card and the review summary. It sits in the chunks that
 * read them — the write side, the Review tab's count and the Review screen — not in the first load,
 * which only checks that a note's `review` is an object or null. A card is validated where the app
 * reads it, `cardOf` (src/review/due-notes.ts), through `reviewCardOf`.
 */
import type { Note, ReviewCard, ReviewState, ReviewSummary } from '../protocol/api-types.ts';
import { fail, nstr, num, obj, type P, root, str } from './parse-response.ts';

const STATES: readonly unknown[] = ['new', 'learning', 'review', 'relearning'];
const card: P<ReviewCard> = obj<ReviewCard>({
  due: str,
  stability: num,
  difficulty: num,
  scheduledDays: num,
  learningSteps: num,
  reps: num,
  lapses: num,
  state: (v, p) => (STATES.includes(v) ? (v as ReviewState) : fail(p)),
  lastReview: nstr,
});

/** A review card (the write side's journal keeps a rating's predicted card). */
export const parseReviewCard = root(card);
/** `GET /notes/review/summary`. */
export const parseReviewSummary = root(obj<ReviewSummary>({ inReview: num, due: num, nextDue: nstr }));

/** Cards already checked, by the object the note carries: a card is validated once, not per read. */
const checked = new WeakMap<object, ReviewCard>();

/**
 * `note.review` validated: the card, or null when the note was never reviewed. A malformed card
 * throws an `invalid-response` ApiError naming the field (`review.due`), as a bad answer does.
 */
export function reviewCardOf(note: Pick<Note, 'review'>): ReviewCard | null {
  const raw: unknown = note.review;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object') return fail('review');
  let valid = checked.get(raw);
  if (!valid) {
    valid = card(raw, 'review');
    checked.set(raw, valid);
    checked.set(valid, valid);
  }
  return valid;
}

/** Validates the cards of `notes` (the review side's pages, the copy it kept): throws on the first bad one. */
export function checkCards(notes: readonly Pick<Note, 'review'>[]): void {
  for (const note of notes) reviewCardOf(note);
}
