/**
 * The review calls (issue 27, docs/api.md), built where they are used — the write side's chunk
 * (a rating in the outbox) and the Review tab's count — over the HTTP client the composition root
 * passes in, so they stay out of the first load. Each answer is validated (parse-review.ts).
 */
import type { Note, NoteReview, ReviewSummary } from '../protocol/api-types.ts';
import type { HttpClient, RequestOptions } from './http-client.ts';
import { parseNote } from './parse-response.ts';
import { parseReviewSummary, reviewCardOf } from './parse-review.ts';

/** The HTTP client's part the review calls use. */
export type ReviewHttp = Pick<HttpClient, 'get' | 'post'>;

/** The review calls; an interface so the write side and the count can be tested against a fake. */
export type ReviewApi = {
  /**
   * `POST /notes/review`: one rating, with `options.idempotencyKey` as `Idempotency-Key` (the same
   * key again schedules nothing); answers the note as the rating left it, its card validated.
   */
  reviewNote(review: NoteReview, options?: RequestOptions): Promise<Note>;
  /** `GET /notes/review/summary?dueBy=`; an API without review rejects with status 404. */
  reviewSummary(dueBy: string, options?: RequestOptions): Promise<ReviewSummary>;
};

/** A rating's answer: the note, with its card checked here (the first load's parse does not). */
const parseReviewed = (v: unknown): Note => {
  const note = parseNote(v);
  reviewCardOf(note);
  return note;
};

/** Builds the review calls over an HTTP client. */
export function createReviewApi(http: ReviewHttp): ReviewApi {
  return {
    reviewNote: (review, options) => http.post('/notes/review', review, parseReviewed, options),
    reviewSummary: (dueBy, options) =>
      http.get(`/notes/review/summary?dueBy=${encodeURIComponent(dueBy)}`, parseReviewSummary, options),
  };
}
