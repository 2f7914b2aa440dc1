import type { KeyValueStore } from '../../platform/key-value-store.ts';
import type { CourseSummary, Note, NoteOrder } from '../../protocol/api-types.ts';
import { isInReview } from '../../protocol/review-rules.ts';
import {
  KEPT_KEY,
  KEPT_MAX_AGE_MS,
  type KeptFile,
  type KeptList,
  keptNotes,
  parseKept,
} from '../read/kept-read.ts';
import type { ListFilter } from '../read/note-filter.ts';
import { noteMatcher } from '../read/note-filter.ts';
import { compareNotes } from '../read/note-order.ts';

/**
 * The copy's size cap, in characters of its JSON (localStorage counts UTF-16 units): about 1 MB,
 * some 1,500 typical notes, beside the journal within the browser's 5 MB per origin.
 */
export const KEPT_MAX_CHARS = 1_000_000;

/** What the writer needs: the storage and a clock. */
export type KeptWriterDeps = { store: KeyValueStore; now: () => number };

/** A first page as the server gave it, to keep. */
export type PageToKeep = { notes: readonly Note[]; total: number | null; complete: boolean };

/**
 * Writes the copy of what a learner has seen (docs/no-data-loss.md), from confirmed answers and confirmed
 * writes only. One learner's copy at a time: writing for another learner replaces the previous
 * one's. Entries older than 30 days are dropped, and the least recently saved lists go first
 * until the copy fits `KEPT_MAX_CHARS` and the storage takes it (quota); if storage takes
 * nothing, no copy is kept and the app works from the network as before. Lazy: not in the first load.
 */
export function createKeptWriter(deps: KeptWriterDeps) {
  const load = (learner: string): KeptFile =>
    parseKept(deps.store.get(KEPT_KEY), learner) ?? { learner, lists: {} };
  const write = (file: KeptFile): boolean => {
    const now = deps.now();
    let lists = Object.entries(file.lists)
      .filter(([, list]) => now - list.at < KEPT_MAX_AGE_MS)
      .sort(([, a], [, b]) => b.used - a.used);
    for (;;) {
      const text = JSON.stringify({ ...file, lists: Object.fromEntries(lists) });
      if (text.length <= KEPT_MAX_CHARS && deps.store.set(KEPT_KEY, text)) return true;
      if (!lists.length) break;
      lists = lists.slice(0, -1); // too big, or over the quota: the least recently saved goes
    }
    deps.store.remove(KEPT_KEY);
    return false;
  };
  return {
    /** Keeps a list's first page, just answered by the server, for `learner`. */
    save(learner: string, key: string, filter: ListFilter, order: NoteOrder, page: PageToKeep): boolean {
      const file = load(learner);
      const now = deps.now();
      file.lists[key] = { ...page, notes: [...page.notes], filter, order, at: now, used: now };
      return write(file);
    },
    /**
     * Folds a write the server confirmed into every kept list: the stored note (`note`), or the
     * delete of `noteId` (`note` null). A list that is not whole keeps only what lies within the
     * range it had, so it never claims notes beyond what the server gave it.
     */
    confirmed(learner: string, noteId: string, note: Note | null): void {
      const file = load(learner);
      let changed = false;
      for (const [key, list] of Object.entries(file.lists)) {
        const notes = keptNotes(list);
        if (notes === null)
          delete file.lists[key]; // malformed: not kept, never folded into
        else changed = fold(list, notes, noteId, note) || changed;
      }
      if (changed) write(file);
    },
    /** Keeps the course list, just answered by the server, for `learner`. */
    saveCourses(learner: string, items: readonly CourseSummary[]): boolean {
      const file = load(learner);
      file.courses = { items, at: deps.now() };
      return write(file);
    },
    /** Forgets the copy (nothing of a learner is kept once another one signs in). */
    clear: () => deps.store.remove(KEPT_KEY),
  };
}

/** One list with a confirmed write folded in; true when it changed. */
function fold(list: KeptList, kept: Note[], noteId: string, note: Note | null): boolean {
  const compare = compareNotes(list.order);
  const last = kept.reduce<Note | null>((a, n) => (a === null || compare(n, a) > 0 ? n : a), null);
  const had = kept.some((n) => n.noteId === noteId);
  // It belongs in the list, within the range the server gave (all of it, when the list was whole).
  // A review list (src/review/review-kept.ts) holds only notes in review.
  const fits =
    note !== null &&
    (list.filter.source !== 'review' || isInReview(note)) &&
    noteMatcher(list.filter)(note) &&
    (list.complete || !last || compare(note, last) <= 0);
  if (!had && !fits) return false;
  const notes = kept.filter((n) => n.noteId !== noteId);
  if (note && fits) notes.push(note);
  notes.sort(compare);
  if (list.total !== null) list.total = Math.max(0, list.total + notes.length - kept.length);
  list.notes = notes;
  return true;
}

/** The writer. */
export type KeptWriter = ReturnType<typeof createKeptWriter>;
