/**
 * The part of a parsed search (src/ui/screens/view/search-query.ts) the app matches itself, over the notes it
 * has loaded, kept or queued: tags (the server filters them too, but notes not on the server yet
 * and the copy kept offline must agree), course title, created before/after, unsaved. Free text is
 * left to the list's own `query` matching (src/notes/read/note-filter.ts). Built once per keystroke,
 * then one pass over the notes with per-note work cached: 10,000 notes stay well within a frame.
 */

import { matchTagsWith } from '../../../notes/read/note-filter.ts';
import type { Note } from '../../../protocol/api-types.ts';
import { tagKey } from '../../../protocol/tag-rules.ts';
import { foldTitle, type ParsedSearch } from './search-query.ts';

/** What the matcher needs besides the notes. */
export type SearchContext = {
  /** The note's course title as shown (e.g. from the course list, else `note.courseTitle`). */
  courseTitle: (note: Note) => string | null;
  /** Ids of notes with a write the server has not confirmed (queued, failed, in conflict). */
  unsaved: ReadonlySet<string>;
  /**
   * The start of a `YYYY-MM-DD` day in epoch ms. Defaults to local midnight: "before:2026-11-01"
   * means before the learner's 1 November began, where they are.
   */
  dayStart?: (day: string) => number;
};

/** Local midnight at the start of `day` (`YYYY-MM-DD`), daylight-saving shifts included. */
export function localDayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(2000, 0, 1);
  date.setFullYear(y, m - 1, d);
  return date.getTime();
}

const tagKeys = new WeakMap<Note, ReadonlySet<string>>();
const noteTagKeys = (note: Note): ReadonlySet<string> => {
  let keys = tagKeys.get(note);
  if (!keys) {
    keys = new Set(note.tags.map(tagKey));
    tagKeys.set(note, keys);
  }
  return keys;
};

const created = new WeakMap<Note, number>();
const createdMs = (note: Note): number => {
  let ms = created.get(note);
  if (ms === undefined) {
    ms = Date.parse(note.createdOn); // NaN (a malformed date) matches no date bound
    created.set(note, ms);
  }
  return ms;
};

// The tag keys of a filter's `tags`, once per filter (a list's filter object lives as long as it does).
const filterKeys = new WeakMap<readonly string[], readonly string[]>();

/**
 * True when `note` carries every tag of `tags`, ignoring case by the tag rules' key — the way the
 * API's `tags` filter matches. The lists' test for a filter's `tags` (see `matchTagsWith`).
 */
export function hasAllTags(note: Note, tags: readonly string[]): boolean {
  let keys = filterKeys.get(tags);
  if (!keys) {
    keys = tags.map(tagKey);
    filterKeys.set(tags, keys);
  }
  const own = noteTagKeys(note);
  return keys.every((k) => own.has(k));
}

// Tag filters come from `/view`, whose chunk holds this module: from now on lists match them.
matchTagsWith(hasAllTags);

/**
 * Does the per-note work of matching ahead, as notes arrive a page at a time (like
 * `prepareSearch` in note-filter.ts), so the first `tag:` or `before:` keystroke over 10,000
 * loaded notes is not the one that pays for all of them.
 */
export function prepareSearchMatch(notes: readonly Note[]): void {
  for (const note of notes) {
    noteTagKeys(note);
    createdMs(note);
  }
}

/**
 * A test for "does this note pass the local part of `search`", or null when there is no local
 * part (so a caller can skip the pass). All conditions must hold. Course titles are folded once
 * per distinct title.
 */
export function searchMatcher(search: ParsedSearch, ctx: SearchContext): ((note: Note) => boolean) | null {
  const { tags, courses, after, before, unsaved } = search;
  if (!tags.length && !courses.length && after === null && before === null && !unsaved) return null;
  const dayStart = ctx.dayStart ?? localDayStart;
  const from = after === null ? null : dayStart(after);
  const until = before === null ? null : dayStart(before);
  const wanted = tags.map(tagKey);
  const folded = new Map<string, string>();
  const titleMatches = (note: Note): boolean => {
    const title = ctx.courseTitle(note);
    if (!title) return false;
    let f = folded.get(title);
    if (f === undefined) {
      f = foldTitle(title);
      folded.set(title, f);
    }
    return courses.every((c) => f.includes(c));
  };
  return (note) => {
    if (unsaved && !ctx.unsaved.has(note.noteId)) return false;
    if (from !== null || until !== null) {
      const ms = createdMs(note);
      if (!(from === null || ms >= from) || !(until === null || ms < until)) return false;
    }
    if (wanted.length) {
      const own = noteTagKeys(note);
      if (!wanted.every((k) => own.has(k))) return false;
    }
    return courses.length === 0 || titleMatches(note);
  };
}

/** The notes of `notes` passing the local part of `search`, in their order (all when there is none). */
export function applySearch(
  notes: readonly Note[],
  search: ParsedSearch,
  ctx: SearchContext,
): readonly Note[] {
  const match = searchMatcher(search, ctx);
  return match ? notes.filter(match) : notes;
}
