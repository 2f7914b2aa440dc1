/**
 * The Review tab's count (issue 27), fetched when the browser is idle after the first screen: the
 * summary's notes due by the end of the learner's day; offline, those of the copy kept on the
 * device. An API that answers the summary 404 has no review: the tab goes.
 */
import { isApiError } from '../api/api-error.ts';
import { createReviewApi } from '../api/review-api.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import { dueQueue, endOfLocalDay } from './due-notes.ts';
import { keptReviewNotes } from './review-kept.ts';

/** Asks the summary and sets `review.due` (null on a 404; the kept copy's count on a failure). */
export async function countDue(review: NotesModel['review']): Promise<void> {
  const dueBy = endOfLocalDay(review.now());
  try {
    const summary = await createReviewApi(review.http).reviewSummary(new Date(dueBy).toISOString());
    review.due.value = summary.due;
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      review.due.value = null;
      return;
    }
    const kept = keptReviewNotes(review.kept);
    if (kept && review.due.value === undefined) review.due.value = dueQueue(kept, dueBy).length;
  }
}
