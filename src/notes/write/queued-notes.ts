import type { Note } from '../../protocol/api-types.ts';
import type { NoteCache } from '../read/note-cache.ts';
import type { OutboxItem } from './journal.ts';
import { noteIdOf } from './settle-write.ts';

/** What showing queued items touches. */
export type QueuedDeps = {
  cache: NoteCache;
  now: () => number;
  onCountChange: (note: Note, delta: 1 | -1) => void;
};

/**
 * Shows a queued item the cache does not show yet — read back at start, or queued by another
 * frame: an add or edit as its note marked "Saving…", a delete as the note hidden. Returns whether
 * it changed anything, so the caller counts only what it newly showed (this frame's own writes are
 * already shown, and showing is done once).
 */
export function showQueued({ cache, now }: QueuedDeps, item: OutboxItem): boolean {
  const id = noteIdOf(item);
  if (item.kind === 'review') return false; // its predicted card shows through `ratedCards`
  if (item.kind === 'delete') {
    const shown = cache.visible.value.some((n) => n.noteId === id);
    cache.setHidden(id, true); // also when not loaded yet: a later load then leaves it out
    return shown;
  }
  if (cache.saving.value.has(id)) return false;
  const at = new Date(now()).toISOString();
  const seen = cache.get(id);
  cache.put(
    item.kind === 'add'
      ? { ...item.note, noteId: id, createdOn: at, updatedOn: at, version: 0 }
      : { ...(seen ?? item.base), ...item.changes },
  );
  cache.setSaving(id, true);
  return true;
}

/**
 * Shows a note again after another frame's delete or edit of it was refused: as `note` when that
 * frame had it (the server's current version or the one it had before), unhidden, no longer
 * "Saving…"; counted back in when it shows again (it was counted out when hidden).
 */
export function showKept({ cache, onCountChange }: QueuedDeps, noteId: string, note: Note | null) {
  const shown = () => cache.visible.value.some((n) => n.noteId === noteId);
  const was = shown();
  if (note) cache.put(note);
  cache.setSaving(noteId, false);
  cache.setHidden(noteId, false);
  const now = cache.get(noteId);
  if (!was && now && shown()) onCountChange(now, 1);
}

/**
 * Keeps the cache in step with a journal other frames write too: items queued elsewhere show
 * (counted in the lists' totals), and items that left the journal elsewhere stop showing as
 * pending — an add's temporary copy goes (the other frame's `saved` message brings the stored
 * note), an edit loses its "Saving…" mark, and a delete taken back inside its Undo window brings
 * the note back. Idempotent over this frame's own writes, which have already done all of this.
 */
export function createQueuedFollower(deps: QueuedDeps, initial: readonly OutboxItem[]) {
  let known = new Map(initial.map((i) => [i.id, i]));
  return (outbox: readonly OutboxItem[]) => {
    const { cache } = deps;
    for (const item of outbox) {
      if (known.has(item.id) || !showQueued(deps, item)) continue;
      const note = cache.get(noteIdOf(item));
      if (note && (item.kind === 'add' || item.kind === 'delete'))
        deps.onCountChange(note, item.kind === 'add' ? 1 : -1);
    }
    const queued = new Set(outbox.map((i) => i.id));
    // A note with a delete still queued stays hidden: this frame's own Undo then delete again
    // leaves the first delete in `known`, and it must not read as taken back elsewhere.
    const deleting = new Set(outbox.filter((i) => i.kind === 'delete').map(noteIdOf));
    for (const [id, item] of known) {
      if (queued.has(id)) continue;
      const noteId = noteIdOf(item);
      if (item.kind === 'add') cache.remove(noteId);
      else if (item.kind === 'update') cache.setSaving(noteId, false);
      else if (
        item.kind === 'delete' &&
        item.after > deps.now() &&
        !deleting.has(noteId) &&
        !cache.visible.value.some((n) => n.noteId === noteId)
      ) {
        cache.setHidden(noteId, false); // taken back (Undo) in the other frame
        const note = cache.get(noteId);
        if (note) deps.onCountChange(note, 1);
      }
    }
    known = new Map(outbox.map((i) => [i.id, i]));
  };
}
