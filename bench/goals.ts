/**
 * The budgets of issues 6 and 7 / docs/budgets.md the bench compares against, in one place. Sizes in
 * bytes (kB = 1,000 B), times in ms. The ceiling is test/build.test.ts's, printed for context.
 */
export const GOALS = {
  firstLoadBrotli: 22_000,
  firstLoadGzip: 26_000,
  ceilingBrotli: 28_300,
  ceilingGzip: 32_100,
  /** Cold, Slow 3G, for every locale (issue 14; 1.1 s before it). */
  coldMs: 1000,
  /** What the frame received before the first note, cold, English, Slow 3G (issue 26). */
  bytesBeforeFirstNote: 22_000,
  /** Cold, Slow 3G with the CPU slowed 4× (a low-end phone), English (issue 26). */
  lowEndColdMs: 1300,
  /** Warm: the first note from the copy kept on the device (issue 13; 650 ms before it). */
  warmMs: 250,
  viewFirstRenderMs: 100,
  searchKeyMs: 50,
  /** The editor chunk with Quill and its CSS, gzip (issue 7). */
  editorGzip: 60_000,
  /** The review chunk (its code, ts-fsrs and its stylesheet), brotli (issue 27). */
  reviewChunkBrotli: 12_000,
  /** 1,000 due notes: the Review tab → its first card; a rating → the next card (issue 27). */
  reviewFirstCardMs: 100,
  reviewNextCardMs: 50,
} as const;

/** "within goal" or "OVER GOAL" (a bench never fails on it). */
export const verdict = (value: number, goal: number): string =>
  !Number.isFinite(value) ? 'not measured' : value <= goal ? 'within goal' : 'OVER GOAL';

/** First note goals (ms, medians) by network profile name; a profile not listed is reported only. */
export const FIRST_NOTE_GOALS: Record<string, { cold: number; warm: number }> = {
  'Slow 3G': { cold: GOALS.coldMs, warm: GOALS.warmMs },
};
