/**
 * The one place review input is validated: the body of `POST /notes/review` and the `dueBy` of
 * the summary. Every refusal names its field.
 */
import type { ReviewRating } from '../../../src/protocol/api-types.ts';
import { isReviewRating } from '../../../src/review/schedule.ts';
import { type Check, invalid, isRecord, valid } from '../http/check.ts';
import { instant, requiredId } from '../notes/validate-fields.ts';

/**
 * How far ahead of the server's clock a `reviewedOn` may be (a device's clock running fast);
 * beyond it a rating is refused, so a wrong clock can't push a note's schedule into the future.
 */
export const REVIEW_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A validated rating. */
export type ParsedReview = { noteId: string; rating: ReviewRating; reviewedOn: Date };

/** Validates `{ noteId, rating 1–4, reviewedOn ISO }`, with `reviewedOn` at most the skew ahead of `now`. */
export function parseReview(body: unknown, now: Date): Check<ParsedReview> {
  if (!isRecord(body)) return invalid('body must be a JSON object');
  const noteId = requiredId(body.noteId, 'noteId');
  if (!noteId.ok) return noteId;
  if (!isReviewRating(body.rating))
    return invalid('rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)');
  const reviewedOn = instant(body.reviewedOn, 'reviewedOn');
  if (!reviewedOn.ok) return reviewedOn;
  if (reviewedOn.value.getTime() > now.getTime() + REVIEW_CLOCK_SKEW_MS) {
    return invalid(
      `reviewedOn is in the future (more than ${REVIEW_CLOCK_SKEW_MS / 60000} minutes ahead of the server)`,
    );
  }
  return valid({ noteId: noteId.value, rating: body.rating, reviewedOn: reviewedOn.value });
}

/** `dueBy` (a query parameter or a filter field): missing means `now`; the result is toISOString text. */
export function parseDueBy(v: unknown, now: Date): Check<string> {
  if (v === undefined || v === null) return valid(now.toISOString());
  const at = instant(v, 'dueBy');
  return at.ok ? valid(at.value.toISOString()) : at;
}
