import { useEffect, useState } from 'react';

/** Runs `run` after `ms` and returns what cancels it: `setTimeout` in the app, a clock the test drives in tests. */
export type Later = (run: () => void, ms: number) => () => void;

const realLater: Later = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * `value`, but only once it has stayed the same for `ms` milliseconds: the search asks the server
 * when the learner pauses, not on every keystroke. A value equal to the current one applies at once.
 */
export function useDebounced<T>(value: T, ms: number, later: Later = realLater): T {
  const [settled, setSettled] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` is compared, not awaited: the timer restarts only when `value` (or `ms`) changes, and the setter ends it
  useEffect(() => {
    if (Object.is(value, settled)) return;
    return later(() => setSettled(value), ms);
  }, [value, ms]);
  return settled;
}
