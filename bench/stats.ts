/**
 * Small statistics for bench samples: medians and percentiles of timings, so every module
 * summarises its samples the same way (nearest-rank percentiles, no interpolation).
 */

/** Median, p95 and max of a set of samples in ms, and how many there were. */
export type Summary = { n: number; median: number; p95: number; max: number };

/** The median (mean of the two middle samples for an even count); NaN for no samples. */
export function median(xs: readonly number[]): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The nearest-rank percentile `p` (0–100): the smallest sample with at least p % at or below it. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(s.length, rank) - 1] as number;
}

/** Summarises samples for a table row. */
export const summarise = (xs: readonly number[]): Summary => ({
  n: xs.length,
  median: median(xs),
  p95: percentile(xs, 95),
  max: xs.length ? Math.max(...xs) : Number.NaN,
});

/** A duration for humans: whole ms, or "—" when there is none. */
export const ms = (x: number): string => (Number.isFinite(x) ? `${Math.round(x)} ms` : '—');
