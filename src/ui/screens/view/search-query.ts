/**
 * Reads the `Search notes` box (docs/search.md): free text beside the operators `tag:`, `course:`,
 * `before:`, `after:`, `is:unsaved` and `is:review`. The grammar is in docs/search.md. What the API
 * can filter (free text as `query`, tags as `tags`, `is:review` as `review: 'in'`) goes to the server; the rest is matched over the loaded
 * notes (src/ui/screens/view/search-match.ts). Anything that is not a well-formed, known operator is plain
 * text, so no input is an error. One left-to-right pass: linear in the input's length.
 */
import { MAX_TAGS, normaliseTag, tagKey, tagProblem } from '../../../protocol/tag-rules.ts';

/** A search as parsed. Dates are `YYYY-MM-DD` days; `course` values are folded for matching. */
export type ParsedSearch = {
  /** The free text for the API's `query`, phrases unquoted; '' when there is none. */
  query: string;
  /** For the API's `tags` filter: every one must be on the note (ignoring case), at most 10. */
  tags: string[];
  /** Each must be part of the note's course title (ignoring case). */
  courses: string[];
  /** Created on or after the start of this day (the latest `after:` wins). */
  after: string | null;
  /** Created before the start of this day (the earliest `before:` wins). */
  before: string | null;
  /** Only notes with a write not yet confirmed by the server. */
  unsaved: boolean;
  /** Only notes in review (src/protocol/review-rules.ts). */
  review: boolean;
};

const OPEN_QUOTES = '"\u201C\u201E\u00AB'; // " “ „ «
const CLOSE_QUOTES = '"\u201D\u201C\u00BB'; // " ” “ »
const OPERATORS = new Set(['tag', 'course', 'before', 'after', 'is']);
const LONGEST_NAME = 6;
// Control characters other than whitespace are dropped before parsing.
const CONTROLS = /[^\P{Cc}\s]/gu;
const SPACE = /\s/;

/** Folds text for matching the way the search does (`toLocaleLowerCase('und')`), spaces collapsed. */
export const foldTitle = (s: string): string => s.replace(/\s+/g, ' ').trim().toLocaleLowerCase('und');

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * `YYYY-MM-DD` as a real calendar day (year 1000–9999), or null: "2026-02-30" and "2026-1-5" are
 * not dates, so `before:2026-02-30` is plain text.
 */
export function parseDay(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return null;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate() ? value : null; // day 0 of next month: the last
}

/** Reads a value at `i`: quoted (to its closing quote, or to the end when unclosed) or bare (to a space). */
function readValue(s: string, i: number): { value: string; end: number } {
  if (i < s.length && OPEN_QUOTES.includes(s[i]!)) {
    let j = i + 1;
    while (j < s.length && !CLOSE_QUOTES.includes(s[j]!)) j++;
    return { value: s.slice(i + 1, j), end: Math.min(j + 1, s.length) };
  }
  let j = i;
  while (j < s.length && !SPACE.test(s[j]!)) j++;
  return { value: s.slice(i, j), end: j };
}

/**
 * Applies operator `name` with `value` to `out` (`tagKeys`: the keys of `out.tags`); false when
 * the value is not one it takes.
 */
function applyOperator(out: ParsedSearch, tagKeys: Set<string>, name: string, value: string): boolean {
  switch (name) {
    case 'tag': {
      const tag = normaliseTag(value);
      if (tagProblem(tag)) return false;
      const key = tagKey(tag);
      if (tagKeys.has(key)) return true;
      if (out.tags.length >= MAX_TAGS) return false;
      tagKeys.add(key);
      out.tags.push(tag);
      return true;
    }
    case 'course': {
      const course = foldTitle(value);
      if (course === '') return false;
      if (!out.courses.includes(course)) out.courses.push(course);
      return true;
    }
    case 'before':
    case 'after': {
      const day = parseDay(value);
      if (!day) return false;
      const now = out[name];
      if (now === null || (name === 'before' ? day < now : day > now)) out[name] = day;
      return true;
    }
    case 'is': {
      const what = value.toLowerCase();
      if (what !== 'unsaved' && what !== 'review') return false;
      out[what] = true;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Parses what was typed into the search box. Never throws; any string is a search. Operator
 * names ignore case (`TAG:x`); a quoted value or phrase may use "…", “…”, „…“ or «…»; an
 * unclosed quote runs to the end (so results follow a phrase as it is typed).
 */
export function parseSearch(input: string): ParsedSearch {
  const s = input.replace(CONTROLS, '');
  const out: ParsedSearch = {
    query: '',
    tags: [],
    courses: [],
    after: null,
    before: null,
    unsaved: false,
    review: false,
  };
  const text: string[] = [];
  const tagKeys = new Set<string>();
  let i = 0;
  while (i < s.length) {
    if (SPACE.test(s[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < s.length && j - i <= LONGEST_NAME && isLetter(s.charCodeAt(j))) j++; // bounded: no rescans
    if (j > i && s[j] === ':') {
      const name = s.slice(i, j).toLowerCase();
      const read = readValue(s, j + 1);
      const known = OPERATORS.has(name);
      // A known operator still without a value ("tag:" as it is typed) is skipped, not searched for.
      if (!(known && (read.value.trim() === '' || applyOperator(out, tagKeys, name, read.value)))) {
        text.push(s.slice(i, j + 1) + read.value);
      }
      i = read.end;
      continue;
    }
    const read = readValue(s, i);
    if (read.value !== '') text.push(read.value);
    i = read.end;
  }
  out.query = text.join(' ').trim();
  return out;
}

/** The part of a search the API filters. */
export type ApiSearch = { query?: string; tags?: string[]; review?: 'in' };

/**
 * What goes to the API's `POST /notes/fetch` filter: `query`, `tags` and `review: 'in'`, each left
 * out when empty (the server is never sent `query: ''`, so "no search" is one list however it was
 * reached).
 */
export function apiFilter(p: ParsedSearch): ApiSearch {
  const filter: ApiSearch = {};
  if (p.query) filter.query = p.query;
  if (p.tags.length) filter.tags = [...p.tags];
  if (p.review) filter.review = 'in';
  return filter;
}

/** True when the search narrows the list at all (the empty state then says "no match"). */
export const searchNarrows = (p: ParsedSearch): boolean =>
  p.query !== '' || p.tags.length > 0 || p.review || hasLocalPart(p);

/** True when part of the search must be matched on the device (course, dates, unsaved). */
export const hasLocalPart = (p: ParsedSearch): boolean =>
  p.courses.length > 0 || p.after !== null || p.before !== null || p.unsaved;

/**
 * The search that finds the notes tagged `tag` (activating a tag on a card puts it in the search
 * box): `tag:exam`, or `tag:"exam tips"` when the tag holds a space. A tag that starts with a quote,
 * or holds a space and a closing quote, can't be written (the quote would end it): it searches for
 * its part up to that quote (no tag typed in the app has one at the start; the API may).
 */
export function tagSearch(tag: string): string {
  return SPACE.test(tag) || OPEN_QUOTES.includes(tag[0] ?? '"') ? `tag:"${tag}"` : `tag:${tag}`;
}
