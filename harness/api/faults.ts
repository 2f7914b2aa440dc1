/**
 * Fault injection for the mock API (DESIGN §8): slow, failing and hanging answers, so the app's
 * retry queue, timeouts and "Not saved yet" states can be exercised on purpose.
 */

/** Current fault settings; rates are shares of calls in [0, 1]. */
export type Faults = { latencyMs: number; failRate: number; timeoutRate: number };

/** No faults: the default. */
export const NO_FAULTS: Faults = { latencyMs: 0, failRate: 0, timeoutRate: 0 };

/** What to do with one call: answer normally, answer 503, or never answer. */
export type FaultDecision = 'pass' | 'fail' | 'hang';

const rate = (v: number | undefined, name: string, fallback: number): number => {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) {
    throw new RangeError(`${name} must be a number between 0 and 1`);
  }
  return v;
};

/** Merges a partial change into the current faults, refusing values that make no sense. */
export function mergeFaults(current: Faults, change: Partial<Faults>): Faults {
  const latency = change.latencyMs;
  if (latency !== undefined && (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0)) {
    throw new RangeError('latencyMs must be a non-negative number');
  }
  return {
    latencyMs: latency ?? current.latencyMs,
    failRate: rate(change.failRate, 'failRate', current.failRate),
    timeoutRate: rate(change.timeoutRate, 'timeoutRate', current.timeoutRate),
  };
}

/**
 * One draw decides a call: below `timeoutRate` it hangs, below `timeoutRate + failRate` it fails,
 * otherwise it passes. Taking `random` as an argument makes the split testable.
 */
export function decideFault(faults: Faults, random: () => number): FaultDecision {
  if (faults.timeoutRate === 0 && faults.failRate === 0) return 'pass';
  const r = random();
  if (r < faults.timeoutRate) return 'hang';
  if (r < faults.timeoutRate + faults.failRate) return 'fail';
  return 'pass';
}
