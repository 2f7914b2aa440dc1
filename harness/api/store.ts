/**
 * The notes in memory, per learner, backed by the journal. Changes apply to memory synchronously
 * (so a version check and its write can't interleave with another request) and resolve only once
 * durable. Sorted views are built per learner and order on first use, then kept sorted by binary
 * insertion and removal, so a write never forces a full re-sort of 10,000 notes. It also remembers
 * each add's Idempotency-Key with the note that add stored.
 */
import type { Note, NoteOrder } from '../../src/protocol/api-types.ts';
import { type KeyedAdd, keyExpired, keyedAddId } from './idempotency.ts';
import type { Journal } from './journal.ts';
import { type Learner, learnerKey, type OwnedNote } from './learner.ts';
import { delLine, putLine } from './note-shape.ts';
import { compareNotes } from './query.ts';

/** One learner's view of the store; other learners' notes are unreachable through it. */
export type NoteStore = {
  get(learner: Learner, noteId: string): Note | undefined;
  /** The learner's notes sorted in `order` (a cached array: do not mutate). */
  sorted(learner: Learner, order: NoteOrder): Note[];
  /**
   * Stores a new or updated note; resolves once it is on disk. An add's `key` is remembered with
   * the note in the same line, so both are durable together or not at all.
   */
  put(learner: Learner, note: Note, key?: string): Promise<void>;
  /**
   * The note an earlier add with `key` stored (as stored then), and when that became durable;
   * undefined for an unknown or expired key. The key is claimed in memory by `put` before any
   * await, so a concurrent retry finds it and waits on the same write.
   */
  keyed(learner: Learner, key: string): { note: Note; stored: Promise<void> } | undefined;
  /** Deletes a note; resolves once the deletion is on disk. */
  remove(learner: Learner, noteId: string): Promise<void>;
  /** How many notes all learners hold (for logs and the bench). */
  size(): number;
};

/** Where `note` is (or would go) in a view sorted by `compareNotes(order)`. */
function position(view: Note[], note: Note, order: NoteOrder): number {
  const cmp = compareNotes(order);
  let lo = 0;
  let hi = view.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(view[mid]!, note) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Shelf = { notes: Map<string, Note>; views: Map<NoteOrder, Note[]> };

/** Builds the store over the notes and keys loaded from the data file; `now` ages the keys. */
export function createStore(
  initial: OwnedNote[],
  journal: Journal,
  keys: KeyedAdd[] = [],
  now: () => Date = () => new Date(),
): NoteStore {
  const shelves = new Map<string, Shelf>();
  const adds = new Map<string, { note: Note; stored: Promise<void> }>();
  for (const k of keys) adds.set(keyedAddId(k.owner, k.key), { note: k.note, stored: Promise.resolve() });
  let count = 0;

  const shelf = (learner: Learner): Shelf => {
    const key = learnerKey(learner);
    let s = shelves.get(key);
    if (!s) {
      s = { notes: new Map(), views: new Map() };
      shelves.set(key, s);
    }
    return s;
  };

  const place = (learner: Learner, note: Note): void => {
    const s = shelf(learner);
    const old = s.notes.get(note.noteId);
    if (!old) count++;
    s.notes.set(note.noteId, note);
    for (const [order, view] of s.views) {
      if (old) view.splice(position(view, old, order), 1);
      view.splice(position(view, note, order), 0, note);
    }
  };

  for (const { owner, note } of initial) place(owner, note);

  return {
    get: (learner, noteId) => shelves.get(learnerKey(learner))?.notes.get(noteId),
    sorted(learner, order) {
      const s = shelves.get(learnerKey(learner));
      if (!s) return [];
      let view = s.views.get(order);
      if (!view) {
        view = [...s.notes.values()].sort(compareNotes(order));
        s.views.set(order, view);
      }
      return view;
    },
    put(learner, note, key) {
      place(learner, note);
      const stored = journal.append(putLine({ owner: learner, note }, key));
      if (key !== undefined) adds.set(keyedAddId(learner, key), { note, stored });
      return stored;
    },
    keyed(learner, key) {
      const id = keyedAddId(learner, key);
      const found = adds.get(id);
      if (found && keyExpired(found.note, now())) {
        adds.delete(id);
        return undefined;
      }
      return found;
    },
    remove(learner, noteId) {
      const s = shelves.get(learnerKey(learner));
      const old = s?.notes.get(noteId);
      if (s && old) {
        s.notes.delete(noteId);
        count--;
        for (const [order, view] of s.views) view.splice(position(view, old, order), 1);
      }
      return journal.append(delLine(learner, noteId));
    },
    size: () => count,
  };
}
