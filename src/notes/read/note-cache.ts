import { batch, computed, type ReadonlySignal, signal } from '@preact/signals-core';
import type { Note } from '../../protocol/api-types.ts';

/**
 * The one store of notes, keyed by `noteId`, that every list derives from: an edit made on `/view`
 * shows on `/` at once because both read the same object. Loads merge into it; the learner's own
 * writes put into it optimistically and are reconciled with the server's answer.
 */
export type NoteCache = ReturnType<typeof createNoteCache>;

/** Builds an empty cache (one per learner session; `clear` on a learner change). */
export function createNoteCache() {
  const byId = signal<ReadonlyMap<string, Note>>(new Map());
  /** Notes deleted but still inside their Undo window: out of every list, kept for a restore. */
  const hidden = signal<ReadonlySet<string>>(new Set());
  /** Notes with a write on its way to the server; a load must not overwrite them meanwhile. */
  const saving = signal<ReadonlySet<string>>(new Set());
  /** Notes the server confirmed deleted: an answer that left before the delete can't bring them back. */
  const deleted = new Set<string>();
  /** When each note was last put or merged, on `clock`, so a load only prunes what it saw before. */
  const touched = new Map<string, number>();
  let clock = 0;
  let generation = 0;

  const edit = (change: (next: Map<string, Note>) => void) => {
    const next = new Map(byId.value);
    change(next);
    byId.value = next;
  };
  const toggle = (set: typeof hidden, id: string, on: boolean) => {
    if (set.value.has(id) === on) return;
    const next = new Set(set.value);
    if (on) next.add(id);
    else next.delete(id);
    set.value = next;
  };
  const set = (next: Map<string, Note>, note: Note) => {
    next.set(note.noteId, note);
    touched.set(note.noteId, ++clock);
  };

  return {
    /** Every note a list may show (hidden ones left out), in no particular order. */
    visible: computed(() => {
      const out: Note[] = [];
      for (const note of byId.value.values()) if (!hidden.value.has(note.noteId)) out.push(note);
      return out;
    }),
    /** Ids of notes with a write in flight, for a "Saving…" mark. */
    saving: saving as ReadonlySignal<ReadonlySet<string>>,
    get: (id: string): Note | undefined => byId.value.get(id),
    /** Changes with every `clear`: a write that started before it must not put into the new session. */
    generation: () => generation,
    /** A point in time to `prune` against: notes put or merged after it are never pruned. */
    mark: () => clock,
    /**
     * Merges notes from a load. An older version never replaces a newer one, a note with a write in
     * flight keeps the learner's copy, and a deleted note stays deleted, so a slow list answer can't
     * undo an edit or a delete.
     */
    merge(notes: readonly Note[]) {
      if (!notes.length) return;
      edit((next) => {
        for (const note of notes) {
          const have = next.get(note.noteId);
          if (deleted.has(note.noteId)) continue;
          if (have && (saving.value.has(note.noteId) || have.version > note.version)) continue;
          set(next, note);
        }
      });
    },
    /** Puts one note as it now is (the server's answer, or an optimistic copy). */
    put(note: Note) {
      edit((next) => set(next, note));
    },
    /**
     * Drops a note: `deleted` when the server confirmed a delete (kept out for good), otherwise an
     * optimistic copy the server replaced or refused.
     */
    remove(id: string, isDeleted = false) {
      if (isDeleted) deleted.add(id);
      if (!byId.value.has(id)) return;
      batch(() => {
        edit((next) => next.delete(id));
        touched.delete(id);
        toggle(hidden, id, false);
        toggle(saving, id, false);
      });
    },
    /**
     * Drops the notes a fresh load proves gone (deleted elsewhere): those `stale` selects that were
     * last seen before `since`, with no write in flight and not inside an Undo window.
     */
    prune(stale: (note: Note) => boolean, since: number) {
      const gone = [...byId.value.values()].filter(
        (n) =>
          (touched.get(n.noteId) ?? 0) <= since &&
          !saving.value.has(n.noteId) &&
          !hidden.value.has(n.noteId) &&
          stale(n),
      );
      if (gone.length)
        edit((next) => {
          for (const n of gone) {
            next.delete(n.noteId);
            touched.delete(n.noteId);
          }
        });
    },
    /** Takes a note out of every list (or back in) without forgetting it: the Undo window. */
    setHidden: (id: string, on: boolean) => toggle(hidden, id, on),
    /** Marks a note as having a write in flight (or done). */
    setSaving: (id: string, on: boolean) => toggle(saving, id, on),
    /** Forgets everything: another learner's session must not see these notes. */
    clear() {
      generation += 1;
      deleted.clear();
      touched.clear();
      batch(() => {
        byId.value = new Map();
        hidden.value = new Set();
        saving.value = new Set();
      });
    },
  };
}
