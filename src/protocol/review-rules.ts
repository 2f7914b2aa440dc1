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

/**
 * Hidden words as the sanitiser writes them: a span keeps no attribute but `class`, and of it only
 * `cloze` (src/format/sanitize-html.ts), so every note the app saved spells them exactly so. A
 * plain search, not a pattern: the card's "In review" mark runs it in the first load.
 */
const CLOZE_SPAN = '<span class="cloze">';

/**
 * True when the note's HTML hides words in review. Other spellings (`class='cloze'`, another
 * class beside it) are HTML the app never stores; they count as no hidden words, in the app and
 * the service alike.
 */
export function hasCloze(content: string): boolean {
  return content.includes(CLOZE_SPAN);
}

/** True when a note is in review: the learner ticked "Review this note", or it hides words. */
export function isInReview(note: Pick<Note, 'inReview' | 'content'>): boolean {
  return note.inReview === true || hasCloze(note.content);
}
