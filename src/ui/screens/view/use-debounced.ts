import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stayed the same for `ms` milliseconds: the search asks the server
 * when the learner pauses, not on every keystroke. A value equal to the current one applies at once.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` is compared, not awaited: the timer restarts only when `value` (or `ms`) changes, and the setter ends it
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
