import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { KeyValueStore } from '../../platform/key-value-store.ts';
import type { NewNote, Note, ReviewCard, ReviewRating } from '../../protocol/api-types.ts';
import { journalKey } from '../read/journal-key.ts';
import { isNote, readDraft, readOutboxItem } from './journal-parse.ts';

/**
 * Unsaved editor content: the editor's HTML, its plain text and the note's tags as the chips field
 * holds them. `tags` is absent in drafts and edits from before tags could be edited (and when a
 * stored list failed its check): the note's own tags then stand. `inReview` is "Review this note"
 * as ticked (a draft's), or in an edit only when it changed (absent: the note's stands).
 */
export type Draft = { content: string; text: string; tags?: string[]; inReview?: boolean };

/** The changes an edit sends. */
export type NoteChanges = Draft;

/** A write waiting for the server's confirmation, in the order the learner made it. */
export type OutboxItem =
  /** `id` doubles as the add's Idempotency-Key; `tempId` names the note until the server's id is known. */
  | { id: string; kind: 'add'; tempId: string; note: NewNote }
  /** `version` is the version the edit was based on; `base` the note as the learner saw it. */
  | { id: string; kind: 'update'; noteId: string; version: number; changes: NoteChanges; base: Note }
  /** `version` is the one the learner saw; `after` holds it back until the Undo window has passed. */
  | { id: string; kind: 'delete'; noteId: string; version: number; after: number }
  /**
   * A review rating (issue 27): `id` doubles as its Idempotency-Key, so it is scheduled once however
   * often it is sent; `predicted` is the card the app computed, shown until the server's answer.
   */
  | {
      id: string;
      kind: 'review';
      noteId: string;
      rating: ReviewRating;
      reviewedOn: string;
      predicted: ReviewCard;
    };

/** Two versions of one note the learner must choose between (HTTP 409, or deleted elsewhere). */
export type Conflict = { mine: Draft; base: Note; current: Note | null };

/** Everything one learner's unsaved work is made of, kept under one key so one write moves text. */
export type JournalState = {
  drafts: Readonly<Record<string, Draft>>;
  outbox: readonly OutboxItem[];
  conflicts: Readonly<Record<string, Conflict>>;
};

const EMPTY: JournalState = { drafts: {}, outbox: [], conflicts: {} };

/** Reads a stored journal, keeping every well-formed entry and dropping only what is malformed. */
export function parseJournal(raw: string | null): JournalState {
  if (!raw) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (typeof value !== 'object' || value === null) return EMPTY;
  const v = value as Record<string, unknown>;
  // Each entry read on its own: the well-formed ones kept (as `read` returns them), the rest dropped.
  const entries = <T>(o: unknown, read: (x: unknown) => T | null): Record<string, T> =>
    typeof o === 'object' && o !== null
      ? Object.fromEntries(
          Object.entries(o)
            .map(([key, x]) => [key, read(x)] as const)
            .filter((e): e is readonly [string, T] => e[1] !== null),
        )
      : {};
  const readConflict = (c: unknown): Conflict | null => {
    const x = c as Conflict;
    const mine = typeof c === 'object' && c !== null ? readDraft(x.mine) : null;
    return mine && isNote(x.base) && (x.current === null || isNote(x.current)) ? { ...x, mine } : null;
  };
  return {
    drafts: entries(v.drafts, readDraft),
    outbox: Array.isArray(v.outbox)
      ? v.outbox.map(readOutboxItem).filter((i): i is OutboxItem => i !== null)
      : [],
    conflicts: entries(v.conflicts, readConflict),
  };
}

/**
 * What a journal needs: the storage, whose journal it is, and a clock to date each write. A
 * storage the browser refuses (`store.refused`) keeps the journal in memory from the start.
 */
export type JournalDeps = { store: KeyValueStore; learner: string; now?: () => number };

/** When a stored journal was last written (its `at`), or null for one written before it was dated. */
export function journalWrittenAt(raw: string | null): number | null {
  try {
    const at: unknown = raw ? (JSON.parse(raw) as { at?: unknown }).at : null;
    return typeof at === 'number' ? at : null;
  } catch {
    return null;
  }
}

/** True when a journal holds nothing: no draft, no queued write, no conflict. */
export const isEmptyJournal = (s: JournalState): boolean =>
  !s.outbox.length && !Object.keys(s.drafts).length && !Object.keys(s.conflicts).length;

/**
 * One learner's drafts, outbox and conflicts in one storage entry. Every change reads the stored
 * value, applies itself and writes it back in one `setItem`, so text moving from a draft into the
 * outbox is never held by neither, and a second frame's changes are not overwritten. `durable`
 * turns false when storage refused a write (full, private mode, partitioned frame): the state is
 * then kept in memory and the editor warns that drafts won't survive the page.
 */
export function createJournal({ store, learner, now }: JournalDeps) {
  const { refused } = store;
  const key = journalKey(learner);
  const durable = signal(!refused);
  const state = signal<JournalState>(parseJournal(store.get(key)));
  return {
    /** The journal as last read or written. */
    state: state as ReadonlySignal<JournalState>,
    durable: durable as ReadonlySignal<boolean>,
    /** Applies a change to the freshest stored state and writes it back; false if it could not be kept. */
    update(change: (current: JournalState) => JournalState): boolean {
      // After a refused write the store may still hold an older value: go on from memory then.
      const next = change(durable.value ? parseJournal(store.get(key)) : state.value);
      let kept = true;
      if (isEmptyJournal(next)) store.remove(key);
      else kept = store.set(key, JSON.stringify(now ? { ...next, at: now() } : next));
      durable.value = kept && !refused;
      state.value = next;
      return kept;
    },
    /**
     * Reads the stored journal again: another frame of this learner wrote it (a `storage` event),
     * or this frame is about to send and must not send what another frame already settled.
     */
    reload() {
      if (durable.value) state.value = parseJournal(store.get(key));
    },
  };
}

/** A learner's journal. */
export type Journal = ReturnType<typeof createJournal>;
