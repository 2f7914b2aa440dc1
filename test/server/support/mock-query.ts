/**
 * The old mock API's selection logic over one learner's notes, kept as the reference the store's
 * reads are held to (store/queries.test.ts): total sort orders, filter matching (including the
 * Unicode-aware search), cursor pages for `POST /notes/fetch` and offset pages for the GET.
 */
import { type CursorPosition, encodeCursor } from '../../../server/src/store/cursor.ts';
import type { Note, NoteOrder, NotesPage } from '../../../src/protocol/api-types.ts';
import { tagKey } from '../../../src/protocol/tag-rules.ts';

/** A checked `POST /notes/fetch` body as the mock held it: null = no filter; `after` = the cursor's position. */
export type FetchQuery = {
  refId: string | null;
  moduleId: string | null;
  courseId: string | null;
  query: string | null;
  tags: string[];
  order: NoteOrder;
  limit: number;
  after: CursorPosition | null;
};

/** The GET fetch's parameters; `-` ids are null, `includeChildren` is the flag. */
export type PathQuery = {
  courseId: string | null;
  moduleId: string | null;
  refId: string | null;
  includeChildren: boolean;
  limit: number;
  offset: number;
  order: NoteOrder;
};

/** The sort key of a note in an order: createdOn, or updatedOn for `updated`. */
export const sortKey = (note: Note, order: NoteOrder): string =>
  order === 'updated' ? note.updatedOn : note.createdOn;

/** Compares positions: key descending (ascending for `oldest`), then noteId ascending, so order is total. */
export function comparePositions(
  order: NoteOrder,
  aKey: string,
  aId: string,
  bKey: string,
  bId: string,
): number {
  if (aKey !== bKey) return (aKey < bKey ? -1 : 1) * (order === 'oldest' ? 1 : -1);
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

/** A comparator for `Array.prototype.sort` in the given order. */
export const compareNotes =
  (order: NoteOrder) =>
  (a: Note, b: Note): number =>
    comparePositions(order, sortKey(a, order), a.noteId, sortKey(b, order), b.noteId);

/** Locale-independent lower-casing for search; `toLocaleLowerCase('und')` folds any script. */
export const fold = (s: string): string => s.toLocaleLowerCase('und');

const haystacks = new WeakMap<Note, string>();

/** What search looks in: text, titles and tags, folded once per note object (notes are immutable). */
export function haystack(note: Note): string {
  let h = haystacks.get(note);
  if (h === undefined) {
    h = fold(
      [note.text, note.refTitle, note.courseTitle ?? '', note.moduleTitle ?? '', ...note.tags].join('\n'),
    );
    haystacks.set(note, h);
  }
  return h;
}

const tagKeys = new WeakMap<Note, ReadonlySet<string>>();

/** A note's tags as keys (`tagKey`: normalised, case-folded like the app), once per note object. */
function noteTagKeys(note: Note): ReadonlySet<string> {
  let keys = tagKeys.get(note);
  if (keys === undefined) {
    keys = new Set(note.tags.map(tagKey));
    tagKeys.set(note, keys);
  }
  return keys;
}

/**
 * Whether a note passes a POST filter: exact ids, every tag (ignoring case, by the app's own
 * `tagKey`, so the filter and "unique ignoring case" agree), and the query.
 */
export function matchesFilter(note: Note, f: FetchQuery, foldedQuery: string | null): boolean {
  if (f.refId !== null && note.refId !== f.refId) return false;
  if (f.moduleId !== null && note.moduleId !== f.moduleId) return false;
  if (f.courseId !== null && note.courseId !== f.courseId) return false;
  if (f.tags.length > 0) {
    const own = noteTagKeys(note);
    if (!f.tags.every((t) => own.has(tagKey(t)))) return false;
  }
  return foldedQuery === null || haystack(note).includes(foldedQuery);
}

/**
 * GET fetch matching. Each given id must match its field. With flag 1 that is all: the item and
 * everything under it. With flag 0 only notes taken on the addressed item itself count, i.e. the
 * note's refId must also equal the most specific id given (a course-level note has refId =
 * courseId). With no ids at all, both flags mean "all my notes".
 */
export function matchesPath(note: Note, q: PathQuery): boolean {
  if (q.courseId !== null && note.courseId !== q.courseId) return false;
  if (q.moduleId !== null && note.moduleId !== q.moduleId) return false;
  if (q.refId !== null && note.refId !== q.refId) return false;
  if (q.includeChildren) return true;
  const target = q.refId ?? q.moduleId ?? q.courseId;
  return target === null || note.refId === target;
}

/** Index of the first note strictly after `after` in a list sorted by `compareNotes(order)`. */
function startAfter(sorted: Note[], after: CursorPosition): number {
  const order = after.order;
  if (order === 'due') throw new Error('the mock had no due order (store/review tests hold it)');
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const n = sorted[mid]!;
    const cmp = comparePositions(order, sortKey(n, order), n.noteId, after.key, after.noteId);
    if (cmp <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const cursorOf = (notes: Note[], order: NoteOrder): string | null => {
  const last = notes[notes.length - 1];
  return last ? encodeCursor({ order, key: sortKey(last, order), noteId: last.noteId }) : null;
};

/**
 * One cursor page from notes already sorted in `f.order`; `total` counts every match. Without
 * a filter this is a binary search and a slice; with one, a single pass over the learner's notes.
 */
export function cursorPage(sorted: Note[], f: FetchQuery): NotesPage {
  const begin = f.after === null ? 0 : startAfter(sorted, f.after);
  const folded = f.query === null ? null : fold(f.query);
  if (
    f.refId === null &&
    f.moduleId === null &&
    f.courseId === null &&
    f.tags.length === 0 &&
    folded === null
  ) {
    const notes = sorted.slice(begin, begin + f.limit);
    const more = begin + f.limit < sorted.length;
    return { notes, total: sorted.length, nextCursor: more ? cursorOf(notes, f.order) : null };
  }
  let total = 0;
  let more = false;
  const notes: Note[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const n = sorted[i]!;
    if (!matchesFilter(n, f, folded)) continue;
    total++;
    if (i < begin) continue;
    if (notes.length < f.limit) notes.push(n);
    else more = true;
  }
  return { notes, total, nextCursor: more ? cursorOf(notes, f.order) : null };
}

/** One offset page for the GET fetch; `nextCursor` is the next offset as a string, or null. */
export function offsetPage(sorted: Note[], q: PathQuery): NotesPage {
  const matched = sorted.filter((n) => matchesPath(n, q));
  const notes = matched.slice(q.offset, q.offset + q.limit);
  const next = q.offset + q.limit;
  return { notes, total: matched.length, nextCursor: next < matched.length ? String(next) : null };
}
