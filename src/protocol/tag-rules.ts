/**
 * What makes a note's `tags` valid (docs/search.md, docs/api.md), defined once for the app — which checks a tag
 * as the learner adds it — and the mock API — which refuses a body that breaks the rules — so the
 * two never disagree on a tag. Why each rule is what it is: "Tags and search operators" in
 * docs/decisions.md.
 */

/** At most this many tags on a note. */
export const MAX_TAGS = 10;

/** At most this many user-perceived characters (grapheme clusters) in a tag. */
export const MAX_TAG_CHARS = 40;

/**
 * At most this many UTF-16 code units in a tag, whatever its character count: ten per character,
 * far above any real script (Devanagari conjuncts and Arabic with harakat take 2–4, flags 4), so a
 * single "character" stacked with thousands of combining marks is still too long.
 */
export const MAX_TAG_UNITS = MAX_TAG_CHARS * 10;

/** Why a tag (or a list of tags) is refused; the UI words each one next to the field. */
export type TagProblem = 'empty' | 'too-long' | 'duplicate' | 'too-many';

// Control characters other than whitespace (which is collapsed instead): never meant, never visible.
const CONTROLS = /[^\P{Cc}\s]/gu;
// Bidi embeddings, overrides and isolates: an unbalanced one reorders what follows it on a card.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
// Directional marks are kept inside a tag (they can fix mixed-direction text) but are invisible at its ends.
const EDGE_MARKS = /^[\u200E\u200F\u061C]+|[\u200E\u200F\u061C]+$/g;

/**
 * A tag as it is stored and shown: control and bidi-override characters removed, every run of
 * whitespace (tabs, newlines, no-break spaces…) one space, trimmed, invisible direction marks at
 * the ends removed, in NFC (so "é" typed composed or decomposed is one tag). Idempotent.
 */
export function normaliseTag(raw: string): string {
  return raw
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(EDGE_MARKS, '')
    .trim()
    .normalize('NFC');
}

let segmenter: Intl.Segmenter | null | undefined;

/**
 * How many characters a learner sees in `tag`: grapheme clusters ("हिंदी" is 2, "مُدَرِّسَة" 5, a
 * family emoji 1), counted only up to `stopAfter` + 1 so a long string costs no more than the
 * limit. Without `Intl.Segmenter` (Firefox before 125) code points are counted instead — stricter,
 * so such a browser refuses some tags the server would take, never the reverse.
 */
export function tagLength(tag: string, stopAfter = Number.POSITIVE_INFINITY): number {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('und', { granularity: 'grapheme' }) : null;
  }
  let count = 0;
  const parts: Iterable<unknown> = segmenter ? segmenter.segment(tag) : tag;
  for (const _ of parts) {
    count++;
    if (count > stopAfter) break;
  }
  return count;
}

// Printable ASCII words separated by single spaces: most tags, and already in normal form.
const PLAIN_ASCII = /^[!-~]+(?: [!-~]+)*$/;

/**
 * The identity of a tag for "unique ignoring case" and for the `tags` filter: normalised, then
 * Unicode full case folding, the same for every learner, language and device (no Turkish or other
 * locale rules: "İ" is not "i" here, and "ı" stays apart from "i" as in Unicode's CaseFolding.txt).
 * Folding is upper- then lower-casing, which also equates "Straße"/"STRASSE", "ﬁ"/"fi" and the
 * Greek sigmas; dotless ı is kept out of it because upper-casing would make it "I".
 */
export function tagKey(tag: string): string {
  if (PLAIN_ASCII.test(tag)) return tag.toLowerCase(); // already normal; ASCII folds by lower-casing
  const normal = normaliseTag(tag).replace(/\u1E9E/g, 'ss'); // capital ẞ lower-cases to ß, not ss
  const folded = normal.includes('ı')
    ? normal
        .split('ı')
        .map((part) => part.toUpperCase().toLowerCase())
        .join('ı')
    : normal.toUpperCase().toLowerCase();
  return folded.normalize('NFC');
}

/** What is wrong with one tag already normalised on its own, or null: empty or too long. */
export function tagProblem(tag: string): 'empty' | 'too-long' | null {
  if (tag === '') return 'empty';
  if (tag.length <= MAX_TAG_CHARS) return null; // never more characters than UTF-16 units: no need to count
  if (tag.length > MAX_TAG_UNITS || tagLength(tag, MAX_TAG_CHARS) > MAX_TAG_CHARS) return 'too-long';
  return null;
}

/** A list of tags checked: the normalised list, or the first problem and where it is. */
export type TagListCheck =
  | { ok: true; tags: string[] }
  | { ok: false; problem: TagProblem | 'not-a-string'; index: number; duplicateOf?: number };

/**
 * Checks untrusted `values` as a note's tags (`duplicates: 'refuse'`, the default) or as a filter
 * (`'merge'`: asking twice for one tag is harmless, so repeats are dropped, and the limit counts
 * distinct tags). One pass, the first problem in list order wins.
 */
export function checkTagList(
  values: readonly unknown[],
  duplicates: 'refuse' | 'merge' = 'refuse',
): TagListCheck {
  if (duplicates === 'refuse' && values.length > MAX_TAGS) {
    return { ok: false, problem: 'too-many', index: MAX_TAGS };
  }
  const tags: string[] = [];
  const seen = new Map<string, number>();
  for (const [index, value] of values.entries()) {
    if (typeof value !== 'string') return { ok: false, problem: 'not-a-string', index };
    const tag = normaliseTag(value);
    const problem = tagProblem(tag);
    if (problem) return { ok: false, problem, index };
    const key = tagKey(tag);
    const first = seen.get(key);
    if (first !== undefined) {
      if (duplicates === 'refuse') return { ok: false, problem: 'duplicate', index, duplicateOf: first };
      continue;
    }
    if (tags.length === MAX_TAGS) return { ok: false, problem: 'too-many', index };
    seen.set(key, index);
    tags.push(tag);
  }
  return { ok: true, tags };
}
