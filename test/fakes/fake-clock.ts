/**
 * The tests' one manual clock: `now()` plus `setTimeout`/`clearTimeout`, so a test fires a
 * 10-minute timeout instantly and can assert that no timer was left behind. Each timer fires at
 * its own time, with `now()` reading that time. `tick` runs due timers at once (for code that sets
 * its next timer synchronously); `advance` lets promise callbacks run between timers, so an async
 * loop (the outbox, drafts, deletes with Undo) can schedule its next step. Every delay asked for is
 * recorded, so a test can assert a backoff schedule.
 */
import { flushPromises } from './deferred.ts';

type Timer = { at: number; fn: () => void };

/** The fake timers plus controls. */
export type FakeClock = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (handle: unknown) => void;
  /** Moves time on by `ms`, running every timer that falls due, in order. */
  tick: (ms: number) => void;
  /** As `tick`, letting promises settle before and between timers and after the last. */
  advance: (ms: number) => Promise<void>;
  /** Timers scheduled and neither fired nor cleared. */
  pending: () => number;
  /** Every `ms` passed to `setTimeout`, in order. */
  delays: number[];
};

/** Builds a clock starting at `start` (ms since the epoch; 0 unless a test needs a date). */
export function createFakeClock(start = 0): FakeClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, Timer>();
  const delays: number[] = [];
  /** Fires the earliest timer due by `until` (ties in the order they were set); false when none. */
  const fireNext = (until: number) => {
    const due = [...timers]
      .filter(([, t]) => t.at <= until)
      .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
    if (!due) return false;
    timers.delete(due[0]);
    now = Math.max(now, due[1].at);
    due[1].fn();
    return true;
  };
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      seq += 1;
      delays.push(ms);
      timers.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
    tick: (ms) => {
      const until = now + ms;
      while (fireNext(until));
      now = until;
    },
    advance: async (ms) => {
      const until = now + ms;
      for (;;) {
        await flushPromises();
        if (!fireNext(until)) break;
      }
      now = until;
      await flushPromises();
    },
    pending: () => timers.size,
    delays,
  };
}
