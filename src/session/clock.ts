import { type ReadonlySignal, signal } from '@preact/signals-core';

/** How often relative times ("2 minutes ago") are brought up to date. */
export const CLOCK_TICK_MS = 30_000;

/** What the clock is built from; tests pass a fake timer. */
export type ClockDeps = {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

/** The current time as a signal, so relative times re-render on their own. */
export type Clock = { now: ReadonlySignal<number>; stop(): void };

/** Starts a clock that ticks every `CLOCK_TICK_MS`, keeping relative times fresh. */
export function createClock(deps: ClockDeps): Clock {
  const now = signal(deps.now());
  const handle = deps.setInterval(() => {
    now.value = deps.now();
  }, CLOCK_TICK_MS);
  return { now, stop: () => deps.clearInterval(handle) };
}
