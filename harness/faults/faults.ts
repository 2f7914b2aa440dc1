/**
 * Fault injection for the mock API (harness/README.md): slow, failing and hanging answers, so the app's
 * retry queue, timeouts and "Not saved yet" states can be exercised on purpose — including answers
 * lost after the server did the work, which only an exactly-once client (Idempotency-Key on adds,
 * versions on updates) survives without duplicates.
 */

/**
 * Current fault settings; rates are shares of all calls in [0, 1]. `failRate` calls are answered
 * 503 before anything happens; `lostRate` calls run to the end (a write is applied and on disk)
 * and are then answered 503, as if the answer were lost on the way; `timeoutRate` calls never get
 * an answer. The CLI's `--fail-rate R` sets half of R as `failRate` and half as `lostRate`.
 */
export type Faults = { latencyMs: number; failRate: number; lostRate: number; timeoutRate: number };

/** No faults: the default. */
export const NO_FAULTS: Faults = { latencyMs: 0, failRate: 0, lostRate: 0, timeoutRate: 0 };

/** What to do with one call: answer normally, 503 before the work, 503 after it, or never answer. */
export type FaultDecision = 'pass' | 'fail' | 'lose' | 'hang';

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
    lostRate: rate(change.lostRate, 'lostRate', current.lostRate),
    timeoutRate: rate(change.timeoutRate, 'timeoutRate', current.timeoutRate),
  };
}

/**
 * One draw decides a call, in bands: below `timeoutRate` it hangs, then `failRate` fails before
 * the work, then `lostRate` fails after it; otherwise it passes. Taking `random` as an argument
 * makes the split testable and a run reproducible.
 */
export function decideFault(faults: Faults, random: () => number): FaultDecision {
  const { timeoutRate, failRate, lostRate } = faults;
  if (timeoutRate === 0 && failRate === 0 && lostRate === 0) return 'pass';
  const r = random();
  if (r < timeoutRate) return 'hang';
  if (r < timeoutRate + failRate) return 'fail';
  if (r < timeoutRate + failRate + lostRate) return 'lose';
  return 'pass';
}
