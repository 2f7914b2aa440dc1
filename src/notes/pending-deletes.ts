import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { isApiError } from '../api/api-error.ts';
import type { NotesApi } from '../api/notes-api.ts';
import type { KeyValueStore } from '../platform/key-value-store.ts';
import type { Note } from '../protocol/api-types.ts';
import { deletesKey } from './delete-queue.ts';
import type { NoteCache } from './note-cache.ts';

/** How long `Undo` is offered before the delete is sent (issue: "about 6 s"). */
export const UNDO_MS = 6000;

/** A delete waiting out its Undo window. */
export type PendingDelete = { note: Note };

/** What deletes need; timers and storage are injected so tests run on a fake clock. */
export type DeletesDeps = {
  api: Pick<NotesApi, 'deleteNote'>;
  cache: NoteCache;
  store: KeyValueStore;
  /** Identity of the learner whose notes these are (never a token); queued deletes are per learner. */
  learner: () => string;
  announce: (key: string) => void;
  onCountChange: (note: Note, delta: 1 | -1) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Where the pending deletes are published (owned by the caller, so the Undo bar can read it early). */
  pending?: Signal<readonly PendingDelete[]>;
};

type Queued = { noteId: string; version: number };

/**
 * Delete with Undo (issue 6): the note leaves every list at once and `Undo` is offered for
 * `UNDO_MS`; only then is the call made. The queue is also written to storage, so a delete still
 * pending when the frame unloads is carried out: `flush` sends it with `keepalive`, and `replay`
 * sends whatever is left at the next start (a 404 then means it already happened).
 */
export function createDeletes(deps: DeletesDeps) {
  const pending = deps.pending ?? signal<readonly PendingDelete[]>([]);
  const timers = new Map<string, unknown>();

  const readQueue = (learner: string): Queued[] => {
    try {
      const parsed: unknown = JSON.parse(deps.store.get(deletesKey(learner)) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter(
            (q): q is Queued =>
              typeof q === 'object' &&
              q !== null &&
              typeof q.noteId === 'string' &&
              typeof q.version === 'number',
          )
        : [];
    } catch {
      return [];
    }
  };
  const writeQueue = (learner: string, queue: Queued[]) => {
    if (queue.length) deps.store.set(deletesKey(learner), JSON.stringify(queue));
    else deps.store.remove(deletesKey(learner));
  };
  const unqueue = (learner: string, noteId: string) =>
    writeQueue(
      learner,
      readQueue(learner).filter((q) => q.noteId !== noteId),
    );
  const drop = (noteId: string) => {
    deps.clearTimeout(timers.get(noteId));
    timers.delete(noteId);
    pending.value = pending.value.filter((p) => p.note.noteId !== noteId);
  };

  const send = async (learner: string, noteId: string, version: number | undefined) => {
    try {
      await deps.api.deleteNote(noteId, version);
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
    }
    unqueue(learner, noteId);
    deps.cache.remove(noteId, true);
  };

  const commit = async (note: Note) => {
    const learner = deps.learner();
    drop(note.noteId);
    try {
      await send(learner, note.noteId, note.version);
    } catch (error) {
      unqueue(learner, note.noteId);
      const current = isApiError(error) && error.status === 409 ? error.body?.current : undefined;
      if (current) deps.cache.put(current);
      deps.cache.setHidden(note.noteId, false);
      deps.onCountChange(note, 1);
      deps.announce(current ? 'Not deleted: the note was changed elsewhere' : 'Could not delete the note');
    }
  };

  return {
    /** Deletes waiting for their Undo window to pass, oldest first. */
    pending: pending as ReadonlySignal<readonly PendingDelete[]>,
    /** Hides the note now, offers Undo, and sends the delete once the window has passed. */
    remove(note: Note) {
      if (timers.has(note.noteId)) return; // already waiting: a second press changes nothing
      const learner = deps.learner();
      deps.cache.setHidden(note.noteId, true);
      deps.onCountChange(note, -1);
      writeQueue(learner, [
        ...readQueue(learner).filter((q) => q.noteId !== note.noteId),
        { noteId: note.noteId, version: note.version },
      ]);
      pending.value = [...pending.value.filter((p) => p.note.noteId !== note.noteId), { note }];
      timers.set(
        note.noteId,
        deps.setTimeout(() => void commit(note), UNDO_MS),
      );
      deps.announce('Note deleted');
    },
    /** Takes a delete back while its window is open; returns false when it was too late. */
    undo(noteId: string): boolean {
      const entry = pending.value.find((p) => p.note.noteId === noteId);
      if (!entry) return false;
      drop(noteId);
      unqueue(deps.learner(), noteId);
      deps.cache.setHidden(noteId, false);
      deps.onCountChange(entry.note, 1);
      deps.announce('Note restored');
      return true;
    },
    /** The frame is going away: send every pending delete now, with `keepalive`. */
    flush() {
      for (const { note } of pending.value) {
        drop(note.noteId);
        void deps.api.deleteNote(note.noteId, note.version, { keepalive: true }).catch(() => {
          // still queued in storage: replay sends it at the next start
        });
      }
    },
    /** At start (for this learner): sends deletes a previous visit left queued. */
    async replay() {
      const learner = deps.learner();
      for (const q of readQueue(learner)) {
        if (timers.has(q.noteId)) continue;
        deps.cache.setHidden(q.noteId, true);
        try {
          await send(learner, q.noteId, q.version);
        } catch (error) {
          const current = isApiError(error) && error.status === 409 ? error.body?.current : undefined;
          if (current) {
            unqueue(learner, q.noteId); // changed elsewhere since: the learner decides again
            deps.cache.put(current);
          }
          deps.cache.setHidden(q.noteId, false); // otherwise still queued for a later start
        }
      }
    },
    /** Another learner signed in: stop the timers (their queue stays stored for their next visit). */
    reset() {
      for (const id of [...timers.keys()]) drop(id);
      pending.value = [];
    },
  };
}
