import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import type { Note } from '../../protocol/api-types.ts';
import type { NoteCache } from '../read/note-cache.ts';
import type { Outbox } from './outbox.ts';

/** How long `Undo` is offered before the delete is sent (issue: "about 6 s"). */
export const UNDO_MS = 6000;

/** A delete waiting out its Undo window. */
export type PendingDelete = { note: Note };

/** What deletes need; timers are injected so tests run on a fake clock. */
export type DeletesDeps = {
  outbox: Outbox;
  cache: NoteCache;
  announce: (key: string) => void;
  onCountChange: (note: Note, delta: 1 | -1) => void;
  now: () => number;
  newId: () => string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Where the pending deletes are published (owned by the caller, so the Undo bar can read it early). */
  pending?: Signal<readonly PendingDelete[]>;
};

/**
 * Delete with Undo: the note leaves every list at once and the delete is queued in the outbox,
 * held back for `UNDO_MS` while `Undo` is offered. Being in the outbox, a delete still pending when
 * the frame unloads goes out with `keepalive` and again at the next start (a 404 then means it
 * already happened), and a failed one is retried like any write. It carries the version the
 * learner saw, so a note changed elsewhere meanwhile is not deleted (409).
 */
export function createDeletes(deps: DeletesDeps) {
  const pending = deps.pending ?? signal<readonly PendingDelete[]>([]);
  /** noteId → the outbox item and the timer that ends its Undo window. */
  const windows = new Map<string, { item: string; timer: unknown }>();

  const close = (noteId: string) => {
    const open = windows.get(noteId);
    if (open) deps.clearTimeout(open.timer);
    windows.delete(noteId);
    pending.value = pending.value.filter((p) => p.note.noteId !== noteId);
  };

  return {
    /** Deletes waiting for their Undo window to pass, oldest first. */
    pending: pending as ReadonlySignal<readonly PendingDelete[]>,
    /** Hides the note now, offers Undo, and queues the delete to go once the window has passed. */
    remove(note: Note) {
      if (windows.has(note.noteId)) return; // already waiting: a second press changes nothing
      const item = deps.newId();
      deps.cache.setHidden(note.noteId, true);
      deps.onCountChange(note, -1);
      void deps.outbox.enqueue({
        id: item,
        kind: 'delete',
        noteId: note.noteId,
        version: note.version,
        after: deps.now() + UNDO_MS,
      });
      windows.set(note.noteId, { item, timer: deps.setTimeout(() => close(note.noteId), UNDO_MS) });
      pending.value = [...pending.value, { note }];
      deps.announce('Note deleted');
    },
    /** Takes a delete back while its window is open; returns false when it was too late. */
    undo(noteId: string): boolean {
      const open = windows.get(noteId);
      const entry = pending.value.find((p) => p.note.noteId === noteId);
      if (!open || !entry || !deps.outbox.cancel(open.item)) return false;
      close(noteId);
      deps.cache.setHidden(noteId, false);
      deps.onCountChange(entry.note, 1);
      deps.announce('Note restored');
      return true;
    },
    /** Another learner signed in: close every window (their deletes stay in their own outbox). */
    reset() {
      for (const id of [...windows.keys()]) close(id);
      pending.value = [];
    },
  };
}
