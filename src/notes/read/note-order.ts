import type { Note, NoteOrder } from '../../protocol/api-types.ts';

/** The orders the learner can pick, in menu order (docs/routes.md: newest, oldest, recently edited). */
export const ORDERS: readonly NoteOrder[] = ['newest', 'oldest', 'updated'];

/** Parsed times, cached per note object (notes are immutable: an edit makes a new object). */
const times = new WeakMap<Note, { created: number; updated: number }>();

const timesOf = (note: Note) => {
  let t = times.get(note);
  if (!t) {
    t = { created: Date.parse(note.createdOn) || 0, updated: Date.parse(note.updatedOn) || 0 };
    times.set(note, t);
  }
  return t;
};

/** The time a list in `order` is sorted by: creation, or last edit for "recently edited". */
export const sortTime = (note: Note, order: NoteOrder): number =>
  order === 'updated' ? timesOf(note).updated : timesOf(note).created;

/**
 * Compares two notes the way the API orders them (docs/api.md): newest and recently edited
 * descending, oldest ascending, ties by `noteId` ascending — so a page from the server and the
 * same notes sorted here agree, and paging frontiers mean the same thing on both sides.
 */
export function compareNotes(order: NoteOrder): (a: Note, b: Note) => number {
  const sign = order === 'oldest' ? 1 : -1;
  return (a, b) => {
    const d = (sortTime(a, order) - sortTime(b, order)) * sign;
    if (d) return d;
    return a.noteId < b.noteId ? -1 : a.noteId > b.noteId ? 1 : 0;
  };
}

/**
 * The last note a list has loaded, in its order: every note that sorts before or at it has been
 * seen (`complete` = the list has no more pages, so every note has).
 */
export type Frontier = { kind: 'complete' } | { kind: 'at'; note: Note } | { kind: 'none' };

/**
 * True when `note` sorts at or before `frontier` under `compare` (an order's `compareNotes`, made
 * once by the caller: lists test every cached note against their frontier).
 */
export function withinFrontier(
  note: Note,
  frontier: Frontier,
  compare: (a: Note, b: Note) => number,
): boolean {
  if (frontier.kind === 'complete') return true;
  if (frontier.kind === 'none') return false;
  return compare(note, frontier.note) <= 0;
}

/** Of two frontiers of the same order, the one that reaches further. */
export function furthest(a: Frontier, b: Frontier, order: NoteOrder): Frontier {
  if (a.kind === 'complete' || b.kind === 'none') return a;
  if (b.kind === 'complete' || a.kind === 'none') return b;
  return compareNotes(order)(a.note, b.note) >= 0 ? a : b;
}
