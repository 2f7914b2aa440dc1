/**
 * What puts a note in review, defined once for the app (the card's "In review" mark, `is:review`,
 * the due list kept on the device) and the notes service (its `review` filters), so the two never
 * disagree on which notes are due.
 */
import type { Note } from './api-types';

/**
 * The class of the inline element that hides words in review (a cloze): the editor's "Hide in
 * review" wraps the selection in `<span class="cloze">…</span>`; the sanitiser keeps exactly that
 * class on a span; cards show the words as they are, the Review screen blanks them.
 */
export const CLOZE_CLASS = 'cloze';

// A span whose class list holds `cloze`, in the sanitised HTML the app and the service store.
const CLOZE_SPAN = /<span\b[^>]*\bclass\s*=\s*("[^"]*\bcloze\b[^"]*"|'[^']*\bcloze\b[^']*'|cloze\b)/i;

/** True when the note's HTML hides words in review. */
export function hasCloze(content: string): boolean {
  return CLOZE_SPAN.test(content);
}

/** True when a note is in review: the learner ticked "Review this note", or it hides words. */
export function isInReview(note: Pick<Note, 'inReview' | 'content'>): boolean {
  return note.inReview === true || hasCloze(note.content);
}
