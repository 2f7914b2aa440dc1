import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { FrameLinks } from '../../platform/frame-links.ts';
import type { Note } from '../../protocol/api-types.ts';
import { journalKey } from '../read/journal-key.ts';
import type { NoteCache } from '../read/note-cache.ts';
import { parseFrameMessage } from './frame-messages.ts';
import type { Journal, OutboxItem } from './journal.ts';
import type { Outbox } from './outbox.ts';
import { noteIdOf } from './settle-write.ts';

/** What keeping one learner's frames in step needs. */
export type FrameSyncDeps = {
  links: FrameLinks;
  learner: string;
  /** This frame's name on the channel (a fresh id). */
  frame: string;
  journal: Journal;
  outbox: Outbox;
  cache: NoteCache;
  /** Brings the cache in step with the journal read again (src/notes/write/queued-notes.ts). */
  follow: (outbox: readonly OutboxItem[]) => void;
  /** Shows a note again as it stands after another frame's write of it was refused (queued-notes.ts). */
  keep: (noteId: string, note: Note | null) => void;
};

/**
 * Keeps the frames (and tabs) of one learner in step (issue 13, docs/no-data-loss.md): when another frame
 * writes the journal (its `storage` event), this one reads it again — drafts, queued items,
 * conflicts — and the cache follows; a write another frame got stored arrives as its note
 * (`saved`) or id (`deleted`) on the BroadcastChannel, so it shows here within a few
 * milliseconds; a delete or an edit another frame had refused shows the note again as it stands
 * (`kept`); and the items another frame failed to send are marked "Not saved yet" here too.
 * Messages for another learner, or malformed, are dropped.
 */
export function createFrameSync(deps: FrameSyncDeps) {
  const { links, learner, journal, outbox, cache } = deps;
  const post = (message: object) => links.post({ learner, ...message });
  /** Frame → the items its last try failed to send. */
  const elsewhere = signal<ReadonlyMap<string, readonly string[]>>(new Map());

  const reread = () => {
    journal.reload();
    deps.follow(journal.state.value.outbox);
    outbox.synced();
  };
  const stopListening = links.listen(
    (data) => {
      const m = parseFrameMessage(data, learner);
      if (!m) return;
      if (m.kind === 'failing') {
        elsewhere.value = new Map([...elsewhere.value, [m.from, m.ids]]);
        return;
      }
      reread(); // the journal may say more than its `storage` event has yet
      if (m.kind === 'kept') {
        // A write of this note still queued (here or elsewhere) goes on showing as it is. The
        // refused item itself may still be in this frame's copy of the journal: the message can
        // come before the journal's write does when the frames are in two processes.
        const queued = journal.state.value.outbox.some((i) => noteIdOf(i) === m.noteId && i.id !== m.item);
        if (!queued) deps.keep(m.noteId, m.note);
      } else if (m.kind === 'deleted') cache.remove(m.noteId, true);
      else {
        if (m.was) cache.remove(m.was);
        cache.setSaving(m.note.noteId, false);
        cache.put(m.note);
      }
    },
    (key) => {
      if (key === journalKey(learner)) reread();
    },
  );
  const stopPosting = effect(() => {
    const ids = [...outbox.failing.value];
    post({ kind: 'failing', from: deps.frame, ids });
  });

  return {
    /** Items another frame failed to send and retries ("Not saved yet — retrying" here too). */
    failing: computed(() => new Set([...elsewhere.value.values()].flat())) as ReadonlySignal<
      ReadonlySet<string>
    >,
    /** The server confirmed `item` here: the other frames show its note (or drop the deleted one). */
    confirmed(item: OutboxItem, noteId: string, note: Note | null) {
      if (!note) post({ kind: 'deleted', noteId });
      else post({ kind: 'saved', note, ...(item.kind === 'add' ? { was: item.tempId } : {}) });
    },
    /**
     * The server refused a delete or an edit here for good: the other frames, which hid the note
     * or showed the edit while it was queued, show it as it stands (`note`, as this frame has it).
     */
    refused(item: OutboxItem, note: Note | null) {
      if (item.kind === 'update' || item.kind === 'delete')
        post({ kind: 'kept', noteId: item.noteId, note, item: item.id });
    },
    /** Another learner signed in: this learner's frames are no longer followed. */
    close() {
      stopListening();
      stopPosting();
    },
  };
}

/** One learner's link to their other frames. */
export type FrameSync = ReturnType<typeof createFrameSync>;
