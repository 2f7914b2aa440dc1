/**
 * The Review screen's prompt: the note with its hidden words (`<span class="cloze">`) blanked, or
 * for a note without any, its first line only.
 */
import { CLOZE_CLASS } from '../protocol/review-rules.ts';

/** What a hidden word shows as in the prompt (as Anki shows a cloze). */
export const BLANK = '[…]';

/**
 * `content` with each hidden span's words replaced by `BLANK`. Parsed in an inert document `inert()`
 * makes (one without a window, as `implementation.createHTMLDocument` gives: no script runs,
 * nothing loads); the result is untrusted HTML still, sanitised to be shown like any note's, so
 * the blanks hold even where the sanitiser drops the class.
 */
export function blankClozes(content: string, inert: Document): string {
  inert.body.innerHTML = content;
  for (const span of inert.body.querySelectorAll(`span.${CLOZE_CLASS}`)) span.textContent = BLANK;
  return inert.body.innerHTML;
}

/** A note's first non-blank line of text (the prompt of a note without hidden words). */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? ''
  );
}
