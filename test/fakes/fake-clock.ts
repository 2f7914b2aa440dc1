/**
 * A manual clock with `setTimeout`/`clearTimeout`, so a test fires a 10-minute timeout instantly
 * and can assert that no timer was left behind.
 */

type Timer = { at: number; fn: () => void };

/** The fake timers plus controls. */
export type FakeClock = {
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (handle: unknown) => void;
  /** Advances time and runs every timer that fell due, in order. */
  tick: (ms: number) => void;
  /** Timers scheduled and neither fired nor cleared. */
  pending: () => number;
};

/** Builds a clock starting at 0. */
export function createFakeClock(): FakeClock {
  let now = 0;
  let seq = 0;
  const timers = new Map<unknown, Timer>();
  return {
    setTimeout: (fn, ms) => {
      seq += 1;
      timers.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => {
      timers.delete(handle);
    },
    tick: (ms) => {
      now += ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) return;
        timers.delete(due[0]);
        due[1].fn();
      }
    },
    pending: () => timers.size,
  };
}
