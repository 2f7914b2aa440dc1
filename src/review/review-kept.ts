/**
 * The review lists' copy kept on the device (src/notes/read/kept*.ts, the same file and rules as
 * every list: per learner, 30 days, written from the server's answers): offline, the due notes
 * and the forecast come from it.
 */

import { checkCards } from '../api/parse-review.ts';
import type { NotesModel } from '../notes/notes-model.ts';
import type { Note } from '../protocol/api-types.ts';

/** The kept lists: the due list as loaded, and the notes in review (the forecast's). */
export const KEPT_DUE = 'review:due';
export const KEPT_IN = 'review:in';

/** The most notes kept per review list (about 150 kB of typical notes). */
export const KEPT_REVIEW_MAX = 200;

/**
 * Every note of the kept review lists, or null when none is kept, or when a card in them fails its
 * check (src/api/parse-review.ts; as a kept list whose notes fail the API's check is not used).
 */
export function keptReviewNotes(kept: NotesModel['review']['kept']): Note[] | null {
  const due = kept.read(KEPT_DUE);
  const all = kept.read(KEPT_IN);
  if (!due && !all) return null;
  const notes = [...(due?.notes ?? []), ...(all?.notes ?? [])];
  try {
    checkCards(notes);
    return notes;
  } catch {
    return null;
  }
}

/** Keeps a review list's notes (the first `KEPT_REVIEW_MAX`) as the server gave them. */
export function keepReviewNotes(kept: NotesModel['review']['kept'], key: string, notes: readonly Note[]) {
  const some = notes.slice(0, KEPT_REVIEW_MAX);
  kept.save(key, { source: 'review' }, 'newest', {
    notes: some,
    total: some.length,
    nextCursor: null,
    complete: false,
  });
}
