/**
 * The Review tab's count (issue 27), started when the browser is idle after the first screen: the
 * summary's notes due by the end of the learner's day (offline, those of the copy kept on the
 * device), kept in step with every frame's ratings (follow-due.ts). An API that answers the
 * summary 404 has no review: the tab goes.
 */
import { signal } from '@preact/signals-core';
import { isApiError } from '../api/api-error.ts';
import { createReviewApi } from '../api/review-api.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import { dueQueue, endOfLocalDay, type RatedCards } from './due-notes.ts';
import { followDue } from './follow-due.ts';
import { keptReviewNotes } from './review-kept.ts';

/**
 * The count as the server has it (null on a 404); when it can't be asked, the kept copy's count
 * if the tab has none yet, else `undefined` (the count shown stays).
 */
export async function askDue(
  review: NotesModel['review'],
  dueBy: number,
): Promise<number | null | undefined> {
  try {
    return (await createReviewApi(review.http).reviewSummary(new Date(dueBy).toISOString())).due;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    const kept = keptReviewNotes(review.kept);
    return kept && review.due.value === undefined ? dueQueue(kept, dueBy).length : undefined;
  }
}

/** The follower of the current context; a new context's replaces it. */
let stopPrevious = () => {};

/** How often the count looks whether the write side's code is in yet (it never loads it itself). */
const SIDE_POLL_MS = 1000;

/**
 * Sets `review.due` and keeps it in step with the ratings queued in any frame (the write side's
 * `rated`) and the adds, edits and deletes stored (its `writes`) for the learner of this context. The write side is followed once its code is in (the
 * prefetch, or the first write, brings it): loading it here would take it out of the prefetch's
 * order, and under Save-Data nothing is prefetched.
 */
export function followCount(review: NotesModel['review']): void {
  stopPrevious();
  const dueBy = endOfLocalDay(review.now());
  const rated = signal<RatedCards>(new Map());
  const writes = signal<ReadonlySet<string> | null>(null); // not followed until the write side is in
  let stopRated = () => {};
  const look = () => {
    const side = review.side();
    if (side) {
      const stopCards = side.rated.subscribe((cards) => (rated.value = cards));
      const stopWrites = side.writes.subscribe((ids) => (writes.value = ids));
      stopRated = () => {
        stopCards();
        stopWrites();
      };
    } else poll = setTimeout(look, SIDE_POLL_MS);
  };
  let poll: ReturnType<typeof setTimeout> | undefined;
  look();
  const stopFollowing = followDue({
    due: review.due,
    rated,
    writes,
    dueBy,
    ask: () => askDue(review, dueBy),
  });
  stopPrevious = () => {
    clearTimeout(poll);
    stopRated();
    stopFollowing();
  };
}
