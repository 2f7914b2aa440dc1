import { batch, computed, type ReadonlySignal, signal } from '@preact/signals';
import type { Note } from '../protocol/api-types.ts';

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
    /**
     * Merges notes from a load. An older version never replaces a newer one, and a note with a
     * write in flight keeps the learner's copy, so a slow list answer can't undo an edit.
     */
    merge(notes: readonly Note[]) {
      if (!notes.length) return;
      edit((next) => {
        for (const note of notes) {
          const have = next.get(note.noteId);
          if (have && (saving.value.has(note.noteId) || have.version > note.version)) continue;
          next.set(note.noteId, note);
        }
      });
    },
    /** Puts one note as it now is (the server's answer, or an optimistic copy). */
    put(note: Note) {
      edit((next) => next.set(note.noteId, note));
    },
    /** Drops a note (deleted, or an optimistic copy the server replaced or refused). */
    remove(id: string) {
      if (!byId.value.has(id)) return;
      batch(() => {
        edit((next) => next.delete(id));
        toggle(hidden, id, false);
        toggle(saving, id, false);
      });
    },
    /** Takes a note out of every list (or back in) without forgetting it: the Undo window. */
    setHidden: (id: string, on: boolean) => toggle(hidden, id, on),
    /** Marks a note as having a write in flight (or done). */
    setSaving: (id: string, on: boolean) => toggle(saving, id, on),
    /** Forgets everything: another learner's session must not see these notes. */
    clear() {
      batch(() => {
        byId.value = new Map();
        hidden.value = new Set();
        saving.value = new Set();
      });
    },
  };
}
