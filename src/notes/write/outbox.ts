import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { ReviewApi } from '../../api/review-api.ts';
import type { WriteApi } from '../../api/write-api.ts';
import type { Note } from '../../protocol/api-types.ts';
import type { Journal, JournalState, OutboxItem } from './journal.ts';
import { backoffMs, rebase, type Verdict, verdictFor } from './outbox-verdict.ts';
import type { SentLedger } from './sent-ledger.ts';

/** How a write's first attempt ended, for the editor that is waiting on it. */
export type FirstOutcome =
  | { kind: 'saved'; note: Note | null }
  /** Failed for now; it stays queued and is retried (the editor may close: nothing is lost). */
  | { kind: 'queued' }
  /** Queued behind earlier writes still on their way; sent in turn. */
  | { kind: 'behind' }
  | Exclude<Verdict, { kind: 'retry' } | { kind: 'done' }>;

/** What the outbox needs; the clock, randomness and timers are injected for tests. */
export type OutboxDeps = {
  journal: Journal;
  api: Pick<WriteApi, 'addNote' | 'updateNote' | 'deleteNote'> & Pick<ReviewApi, 'reviewNote'>;
  now: () => number;
  random: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /**
   * Settles an item the server answered for good: `state` is the journal without the item (and
   * with later items rebased); the returned state is written in the same step, so e.g. a conflict
   * is recorded in the same write that drops the queued edit.
   */
  settle(item: OutboxItem, verdict: Verdict, state: JournalState): JournalState;
  /** 401 or 403: sending stopped until `resume` (a new session from the portal). */
  onPaused(kind: 'session' | 'forbidden'): void;
  /**
   * Runs `send` as the learner's only sender across frames (a Web Lock, src/platform/frame-links.ts);
   * absent, this frame sends on its own. The journal is read again inside it, before anything goes.
   * `onBusy` is called at once when another frame holds it (it is sending the shared journal).
   */
  exclusive?: (send: () => Promise<void>, onBusy: () => void) => Promise<void>;
  /** The journal was read again inside `exclusive` (another frame may have changed it). */
  onReload?: () => void;
  /**
   * The items senders settled, the same in every process at once (sent-ledger.ts). With
   * `exclusive`: each item settled here is recorded before the lock is let go, and an item found
   * there is not sent again — the journal read inside the lock was older than its settling.
   */
  ledger?: SentLedger;
  /**
   * The journal is in memory only (the browser refuses storage): no later start sends what is
   * left, so `flush` sends the item on its way again too, with `keepalive`.
   */
  alone?: boolean;
};

/** How long a sender waits for a journal older than the ledger to catch up, and how often it looks. */
export const CATCH_UP_MS = 3000;
const LOOK_MS = 50;

/**
 * The persistent outbox (docs/no-data-loss.md): adds, edits, deletes and review ratings are sent one at a time in the order
 * the learner made them, each kept in the journal until the server confirms it. A failure of the
 * link or the server keeps it queued — retried with exponential backoff and jitter, at once when
 * the browser says it is online again, and after a reload (the journal is read back). An add
 * (and a rating) carries its item id as `Idempotency-Key`, so a retry whose first try got through (only the
 * answer was lost) doesn't create a second note. One outbox belongs to one learner: `stop` it on
 * a learner change, so their queue never goes out with another learner's token.
 */
export function createOutbox(deps: OutboxDeps) {
  const { journal } = deps;
  const failing = signal<ReadonlySet<string>>(new Set());
  const waiters = new Map<string, (outcome: FirstOutcome) => void>();
  let running = false;
  let stopped = false;
  /** Why sending stopped (401/403) until `resume`, or null. */
  let paused: 'session' | 'forbidden' | null = null;
  let attempt = 0;
  let timer: unknown = null;
  let sending: string | null = null;
  /** Another frame holds the sender's lock and this one waits for it. */
  let elsewhere = false;
  /**
   * The browser refused the lock: this frame sends on its own, without the ledger (written only
   * under the lock). An add repeated by another frame carries its key, so it is stored once.
   */
  let unlocked = false;
  /** Items already sent with keepalive by `flush`. */
  const flushed = new Set<string>();

  const answer = (id: string, outcome: FirstOutcome) => {
    waiters.get(id)?.(outcome);
    waiters.delete(id);
  };
  const wake = (ms: number) => {
    deps.clearTimeout(timer);
    timer = deps.setTimeout(() => {
      timer = null;
      void pump();
    }, ms);
  };
  const send = (item: OutboxItem, keepalive = false): Promise<Note | null> => {
    if (item.kind === 'add') return deps.api.addNote(item.note, { idempotencyKey: item.id, keepalive });
    if (item.kind === 'review') {
      const { noteId, rating, reviewedOn } = item;
      return deps.api.reviewNote({ noteId, rating, reviewedOn }, { idempotencyKey: item.id, keepalive });
    }
    if (item.kind === 'update')
      return deps.api.updateNote(
        { noteId: item.noteId, version: item.version, ...item.changes },
        { keepalive },
      );
    return deps.api.deleteNote(item.noteId, item.version, { keepalive }).then(() => null);
  };
  const finish = (item: OutboxItem, verdict: Verdict, saved: Note | null) =>
    journal.update((s) => {
      const at = s.outbox.findIndex((i) => i.id === item.id);
      if (at < 0) return s; // another frame finished it already
      const rest = s.outbox.slice(at + 1);
      const outbox = [...s.outbox.slice(0, at), ...(saved ? rebase(rest, item, saved) : rest)];
      return deps.settle(item, verdict, { ...s, outbox });
    });

  /** Items that left the journal (another frame settled them) are no longer failing or awaited. */
  const synced = () => {
    const queued = new Set(journal.state.value.outbox.map((i) => i.id));
    if ([...failing.value].some((id) => !queued.has(id)))
      failing.value = new Set([...failing.value].filter((id) => queued.has(id)));
    for (const id of [...waiters.keys()]) if (!queued.has(id)) answer(id, { kind: 'saved', note: null });
  };

  /**
   * Another frame is sending: what this frame queued is in the shared journal, and that frame
   * (which reads it again before each item) or this one after it sends it in turn. An editor
   * never waits on another frame's send, however slow its link (or frozen its tab).
   */
  const onBusy = () => {
    elsewhere = true;
    for (const id of [...waiters.keys()]) answer(id, { kind: 'behind' });
  };

  /** Sends what is due, one item at a time; `running` from the call until the loop ends. */
  function pump(): Promise<void> {
    if (running || stopped || paused) return Promise.resolve();
    running = true;
    if (!deps.exclusive || unlocked) return drain();
    let ran = false;
    const run = () => {
      ran = true;
      return drain();
    };
    return deps.exclusive(run, onBusy).catch(() => {
      running = false;
      elsewhere = false;
      if (!ran) {
        // The lock was refused (Web Locks throw where storage is refused): no save waits on it.
        unlocked = true;
        return pump();
      }
      // Sending itself failed: those waiting hear it is queued, and it is tried again later.
      for (const id of [...waiters.keys()]) answer(id, { kind: 'queued' });
      wake(backoffMs(attempt++, deps.random));
    });
  }

  /**
   * `id` was settled by a sender whose journal write this process hasn't seen yet: reads the journal
   * again until it has (the item gone, later ones rebased by that sender), for at most CATCH_UP_MS.
   * Past that (its write refused by a full storage), the item is taken out here: it is stored.
   */
  async function catchUp(id: string): Promise<void> {
    const queued = () => journal.state.value.outbox.some((i) => i.id === id);
    for (let waited = 0; queued() && waited < CATCH_UP_MS && !stopped; waited += LOOK_MS) {
      await new Promise<void>((resolve) => deps.setTimeout(resolve, LOOK_MS));
      journal.reload();
      synced();
      deps.onReload?.();
    }
    if (!queued() || stopped) return;
    journal.update((s) => ({ ...s, outbox: s.outbox.filter((i) => i.id !== id) }));
    synced();
  }

  async function drain(): Promise<void> {
    elsewhere = false;
    try {
      if (stopped || paused) return;
      if (deps.exclusive) {
        journal.reload(); // what another frame sent while this one waited is gone from it now
        synced();
        deps.onReload?.();
      }
      for (;;) {
        const now = deps.now();
        const queue = journal.state.value.outbox;
        const item = queue.find((i) => i.kind !== 'delete' || i.after <= now);
        if (!item) {
          const next = Math.min(...queue.map((i) => (i.kind === 'delete' ? i.after : now)));
          if (queue.length) wake(Math.max(0, next - now));
          return;
        }
        if (deps.ledger && !unlocked) {
          const settled = await deps.ledger.has(item.id);
          if (stopped) return;
          if (settled) await catchUp(item.id);
          // Settled elsewhere, or taken back (an Undo) while the ledger was asked: pick again.
          if (stopped) return;
          if (settled || !journal.state.value.outbox.some((i) => i.id === item.id)) continue;
        }
        let verdict: Verdict;
        sending = item.id;
        try {
          verdict = { kind: 'done', note: await send(item) };
        } catch (error) {
          verdict = verdictFor(item, error);
        } finally {
          sending = null;
        }
        if (stopped) return;
        if (verdict.kind === 'retry') {
          failing.value = new Set(journal.state.value.outbox.map((i) => i.id));
          for (const id of [...waiters.keys()]) answer(id, { kind: 'queued' }); // those behind it wait too
          wake(backoffMs(attempt++, deps.random));
          return;
        }
        if (verdict.kind === 'session' || verdict.kind === 'forbidden') {
          paused = verdict.kind;
          answer(item.id, verdict);
          for (const id of [...waiters.keys()]) answer(id, { kind: 'queued' });
          deps.onPaused(verdict.kind);
          return;
        }
        attempt = 0;
        if (failing.value.size) failing.value = new Set();
        finish(item, verdict, verdict.kind === 'done' ? verdict.note : null);
        answer(item.id, verdict.kind === 'done' ? { kind: 'saved', note: verdict.note } : verdict);
        if (!unlocked) await deps.ledger?.add(item.id); // before the lock goes: the next sender must not send it again
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Queued items that have failed at least once and wait for their retry ("Not saved yet"). */
    failing: failing as ReadonlySignal<ReadonlySet<string>>,
    /**
     * Queues `item` — `change` may take the text out of a draft in the same write — and resolves
     * with how its first attempt ended, or at once (see below).
     */
    enqueue(item: OutboxItem, change: (s: JournalState) => JournalState = (s) => s): Promise<FirstOutcome> {
      const outcome = new Promise<FirstOutcome>((resolve) => waiters.set(item.id, resolve));
      journal.update((s) => change({ ...s, outbox: [...s.outbox, item] }));
      const now = deps.now();
      const ahead = journal.state.value.outbox.some(
        (i) => i.id !== item.id && (i.kind !== 'delete' || i.after <= now),
      );
      // The learner is told at once when sending is paused (the text still in hand), when earlier
      // writes are failing, or when they are merely on their way: no editor waits behind a queue.
      if (paused) answer(item.id, { kind: paused });
      else if (failing.value.size) {
        failing.value = new Set([...failing.value, item.id]);
        answer(item.id, { kind: 'queued' });
      } else if (ahead || elsewhere) answer(item.id, { kind: 'behind' });
      void pump();
      return outcome;
    },
    /** Takes a queued item back (Undo of a delete); false once it is on its way or done. */
    cancel(id: string): boolean {
      if (sending === id || !journal.state.value.outbox.some((i) => i.id === id)) return false;
      journal.update((s) => ({ ...s, outbox: s.outbox.filter((i) => i.id !== id) }));
      return true;
    },
    /** Another frame changed the journal (read again): what it settled is no longer pending here. */
    synced,
    /**
     * Sends now: at start, `online`, a new session (which also lifts a 401/403 pause). The backoff
     * starts again at 1 s: the failures counted while the link was down say nothing about it now.
     */
    resume() {
      paused = null;
      attempt = 0;
      deps.clearTimeout(timer);
      timer = null;
      void pump();
    },
    /**
     * The frame is unloading: everything still queued goes out once more with `keepalive`. It all
     * stays in the journal, and the next start sends it again — safe, since a repeated add carries
     * its key, a repeated edit meets its own text in the 409, and a repeated delete gets a 404.
     * `alone` (in memory, no next start): the item on its way goes too, its request dies with the page.
     */
    flush() {
      if (stopped || paused) return;
      for (const item of journal.state.value.outbox)
        if ((deps.alone || item.id !== sending) && !flushed.has(item.id)) {
          flushed.add(item.id); // hidden, then pagehide: once is enough
          void send(item, true).catch(() => undefined);
        }
    },
    /** The learner changed: nothing more goes out from this outbox (its journal stays stored). */
    stop() {
      stopped = true;
      deps.clearTimeout(timer);
      for (const id of [...waiters.keys()]) answer(id, { kind: 'queued' });
    },
  };
}

/** A learner's outbox. */
export type Outbox = ReturnType<typeof createOutbox>;
