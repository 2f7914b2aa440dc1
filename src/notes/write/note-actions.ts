import { computed, effect, type Signal } from '@preact/signals-core';
import type { HttpClient } from '../../api/http-client.ts';
import { createReviewApi, type ReviewApi } from '../../api/review-api.ts';
import type { XhrFactory } from '../../api/upload.ts';
import { createWriteApi, type WriteApi } from '../../api/write-api.ts';
import { createFrameLinks, type FrameLinks, type FrameWindow } from '../../platform/frame-links.ts';
import type { KeyValueStore } from '../../platform/key-value-store.ts';
import type { Note, ReviewCard, ReviewRating } from '../../protocol/api-types.ts';
import type { NoteCache } from '../read/note-cache.ts';
import { createJournalDrafts } from './drafts.ts';
import { createFrameSync } from './frame-sync.ts';
import { type Conflict, createJournal } from './journal.ts';
import { sweepJournals } from './journal-sweep.ts';
import { createWrites } from './note-writes.ts';
import { createOutbox } from './outbox.ts';
import { createDeletes, type PendingDelete } from './pending-deletes.ts';
import { createQueuedFollower, showKept, showQueued } from './queued-notes.ts';
import { createSentLedger } from './sent-ledger.ts';
import { noteIdOf, ratedCards, settleWrite } from './settle-write.ts';
import { uploadImage } from './upload-image.ts';

/** Everything the write side needs, injected (the model passes its own deps and signals through). */
export type ActionsDeps = {
  /** What the write calls (src/api/write-api.ts, and review-api.ts's rating) are built over, here. */
  http: HttpClient;
  /** Makes the XMLHttpRequest an image upload goes through, for its progress (src/api/upload.ts). */
  xhr?: XhrFactory;
  store: KeyValueStore;
  learner: () => string;
  cache: NoteCache;
  announce: (key: string) => void;
  onCountChange: (note: Note, delta: 1 | -1) => void;
  /** A write of `learner`'s the server confirmed (the stored note; `null`: deleted), for the kept copy. */
  onConfirmed: (learner: string, noteId: string, note: Note | null) => void;
  onForbidden: () => void;
  /** The other frames of this browser (BroadcastChannel, storage events, Web Locks); absent: none. */
  frames?: FrameWindow;
  now: () => number;
  random: () => number;
  newId: () => string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Signals the first-load model owns and cards read; the write side keeps them current. */
  pending: Signal<readonly PendingDelete[]>;
  unsaved: Signal<ReadonlySet<string>>;
  conflicts: Signal<Readonly<Record<string, Conflict>>>;
  durable: Signal<boolean>;
};

/**
 * One learner's write side: their journal (drafts, outbox, conflicts), read back from storage —
 * writes a previous visit left queued show again (marked) and are sent — and the actions over it.
 */
function openLearner(deps: ActionsDeps, api: WriteApi & ReviewApi, links: FrameLinks | null) {
  const { cache } = deps;
  const learner = deps.learner();
  sweepJournals(deps.store, learner, deps.now()); // other learners' stale or empty journals
  const journal = createJournal({ store: deps.store, learner, now: deps.now });
  const drafts = createJournalDrafts({ ...deps, journal });
  const lock = links?.lock;
  const follow = createQueuedFollower(deps, journal.state.value.outbox);
  const outbox = createOutbox({
    ...deps,
    api,
    journal,
    alone: deps.store.refused, // storage refused: this frame is the only sender (no `frames`)
    // One sender per learner across frames: each sends holding the lock, after reading the journal again.
    exclusive: lock ? (send, onBusy) => lock(`notes:outbox:${learner}`, send, onBusy) : undefined,
    onReload: () => follow(journal.state.value.outbox),
    // What each sender settled, seen by the next one at once though its journal may lag behind.
    ledger:
      lock && deps.frames?.indexedDB
        ? createSentLedger(deps.frames.indexedDB, learner, deps.now, deps)
        : undefined,
    settle: (item, verdict, state) => {
      const next = settleWrite(
        {
          ...deps,
          onConfirmed: (id, note) => {
            deps.onConfirmed(learner, id, note);
            sync?.confirmed(item, id, note);
          },
        },
        item,
        verdict,
        state,
      );
      // Refused for good: the other frames show the note as it stands here.
      if (verdict.kind !== 'done') sync?.refused(item, cache.get(noteIdOf(item)) ?? null);
      return next;
    },
    onPaused: (kind) => {
      if (kind === 'forbidden') deps.onForbidden();
      else deps.announce('Your session has expired. Sign in again in the portal.');
    },
  });
  // A delete left by an earlier visit has no Undo button any more: it goes now, not when its window ends.
  if (journal.state.value.outbox.some((i) => i.kind === 'delete' && i.after > 0))
    journal.update((s) => ({
      ...s,
      outbox: s.outbox.map((i) => (i.kind === 'delete' ? { ...i, after: 0 } : i)),
    }));
  for (const item of journal.state.value.outbox) showQueued(deps, item);
  const sync =
    links &&
    createFrameSync({
      links,
      learner,
      frame: deps.newId(),
      journal,
      outbox,
      cache,
      follow,
      keep: (noteId, note) => showKept(deps, noteId, note),
    });
  const stopSync = effect(() => {
    const state = journal.state.value;
    const failing = new Set([...outbox.failing.value, ...(sync?.failing.value ?? [])]);
    // A rating waiting to be sent leaves its note as saved as it was: no "Not saved yet" on it.
    deps.unsaved.value = new Set(
      state.outbox.filter((i) => i.kind !== 'review' && failing.has(i.id)).map(noteIdOf),
    );
    deps.conflicts.value = state.conflicts;
    deps.durable.value = journal.durable.value;
  });
  outbox.resume();
  const writes = createWrites({ ...deps, journal, drafts, outbox });
  const deletes = createDeletes({ ...deps, outbox });
  return {
    ...writes,
    ...deletes,
    drafts,
    /**
     * The cards queued ratings predict, by note id, in every frame of the learner (the journal is
     * shared): a rated note leaves the due list at once, also after a reload while offline.
     */
    rated: computed(() => ratedCards(journal.state.value.outbox)),
    /** The ids of queued adds, edits and deletes in every frame: the Review tab's count follows them. */
    writes: computed(
      () => new Set(journal.state.value.outbox.filter((i) => i.kind !== 'review').map((i) => i.id)),
    ),
    /**
     * Queues a review rating (issue 27) through the outbox: sent in order with the learner's other
     * writes, exactly once (its own Idempotency-Key), offline and across reloads like them.
     */
    rate: (noteId: string, rating: ReviewRating, reviewedOn: string, predicted: ReviewCard) =>
      outbox.enqueue({ id: deps.newId(), kind: 'review', noteId, rating, reviewedOn, predicted }),
    /** Sends queued writes now (online again, a new session). */
    retryNow: outbox.resume,
    /** The frame is unloading: drafts written, queued writes sent with keepalive. */
    flush() {
      drafts.flush();
      outbox.flush();
    },
    close() {
      drafts.flush();
      outbox.stop();
      deletes.reset();
      stopSync();
      sync?.close();
    },
  };
}

/**
 * The write side of the notes model — drafts, the outbox, add, edit, delete with Undo, conflicts,
 * image upload — in a chunk of its own: the first note shows without it; it is fetched when the
 * browser is idle, on the first write, or at once when a previous visit left writes queued.
 */
export function createActions(deps: ActionsDeps) {
  // Storage refused: Web Locks, IndexedDB and storage events are refused too; this frame is alone.
  const links = deps.frames && !deps.store.refused ? createFrameLinks(deps.frames) : null;
  const api = { ...createWriteApi(deps.http, deps.xhr), ...createReviewApi(deps.http) };
  let current = openLearner(deps, api, links);
  return {
    get: () => current,
    /** Uploads an image for a note (type and size checked first). */
    uploadImage: (file: File, onProgress: (fraction: number) => void) => uploadImage(api, file, onProgress),
    /** Another learner signed in: close this one's side (their journal stays stored) and open theirs. */
    reset() {
      current.close();
      current = openLearner(deps, api, links);
    },
  };
}

/** The loaded write side. */
export type Actions = ReturnType<typeof createActions>;
