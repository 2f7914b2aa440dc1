/**
 * A manual clock for code that reads `now()` as well as setting timers (the outbox, drafts, deletes
 * with Undo): each timer fires at its own time, with `now()` reading that time, and `advance` lets
 * promise callbacks run between timers so an async loop can schedule its next step. Every delay
 * asked for is recorded, so a test can assert a backoff schedule.
 */
import { flushPromises } from './deferred.ts';

type Timer = { at: number; fn: () => void };

/** The fake timers plus controls. */
export type Timeline = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (handle: unknown) => void;
  /** Moves time on by `ms`, firing due timers in order, letting promises settle between them. */
  advance: (ms: number) => Promise<void>;
  /** Timers scheduled and neither fired nor cleared. */
  pending: () => number;
  /** Every `ms` passed to `setTimeout`, in order. */
  delays: number[];
};

/** Builds a timeline starting at `start` (ms since the epoch). */
export function createTimeline(start = 0): Timeline {
  let now = start;
  let seq = 0;
  const timers = new Map<number, Timer>();
  const delays: number[] = [];
  const next = (until: number) =>
    [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
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
    advance: async (ms) => {
      const until = now + ms;
      for (;;) {
        await flushPromises();
        const due = next(until);
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].fn();
      }
      now = until;
      await flushPromises();
    },
    pending: () => timers.size,
    delays,
  };
}
