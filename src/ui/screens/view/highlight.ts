import { fold, normaliseQuery } from '../../../notes/read/note-filter.ts';

/** A run of text, marked when it matches the search. */
export type Segment = { text: string; match: boolean };

/**
 * Splits `text` into runs for `<mark>`ing what a search matched, with the same case folding as
 * the search itself. Folding can change length ("İ" folds to two code units), so positions are
 * mapped back through the original characters; a match never splits a character.
 */
export function highlightSegments(text: string, query: string | undefined): Segment[] {
  const q = normaliseQuery(query);
  if (!q || !text) return text ? [{ text, match: false }] : [];
  let folded = fold(text);
  let origin: number[] | null = null; // origin[i] = index in `text` where folded unit i came from
  if (folded.length !== text.length) {
    // Folding changed the length ("İ" → "i̇"): map every folded unit back to its character.
    folded = '';
    origin = [];
    let index = 0;
    let prev = '';
    for (const char of text) {
      // Σ folds by its place (word-final ς, else σ): fold it with its neighbours, as the whole text was.
      const f =
        char === 'Σ'
          ? fold(`${prev}Σ${text.slice(index + 1, index + 2)}`)
              .slice(fold(prev).length)
              .charAt(0)
          : fold(char);
      prev = char;
      for (let k = 0; k < f.length; k++) origin.push(index);
      folded += f;
      index += char.length;
    }
    origin.push(text.length);
  }
  const sourceIndex = (i: number) => (origin ? (origin[i] ?? text.length) : Math.min(i, text.length));
  const segments: Segment[] = [];
  let from = 0; // in `text`
  let at = folded.indexOf(q);
  while (at !== -1) {
    const start = sourceIndex(at);
    const endUnit = at + q.length;
    // extend to the end of the last matched character
    let end = sourceIndex(endUnit);
    if (end <= start) end = start + 1;
    if (start > from) segments.push({ text: text.slice(from, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    from = end;
    let next = endUnit;
    while (next < folded.length && sourceIndex(next) < from) next++;
    at = folded.indexOf(q, next);
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments;
}

/**
 * A preview of at most `max` characters that shows the first match: from the start when the
 * match is near it, else from a little before the match, with "…" where text was cut.
 */
export function previewAround(text: string, query: string | undefined, max: number): string {
  if (text.length <= max) return text;
  let at = -1; // where the first match starts in `text` (folding may shift positions)
  let offset = 0;
  for (const segment of highlightSegments(text, query)) {
    if (segment.match) {
      at = offset;
      break;
    }
    offset += segment.text.length;
  }
  const start = at > max / 2 ? Math.min(at - Math.floor(max / 4), text.length - max) : 0;
  const body = text.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${body}${start + max < text.length ? '…' : ''}`;
}
