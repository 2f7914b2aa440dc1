/**
 * The editor's crash watchdog (docs/constants.md, docs/no-data-loss.md) as pure logic over an injected clock.
 *
 * - Snapshots: `offer` takes the editor's content at most every `SNAPSHOT_INTERVAL_MS`; the last one
 *   taken is what a restart falls back to when the crashed editor's content can't be read.
 * - Crashes: "crashes less than 5000 ms apart count toward the limit" is read as a run of crashes,
 *   each less than `CRASH_WINDOW_MS` after the one before. Every crash of a run up to the
 *   `MAX_RESTARTS`-th restarts the editor; the next one in the same run gives up (`fallback`: a
 *   plain text area). A crash `CRASH_WINDOW_MS` or more after the previous one starts a new run at 1,
 *   so an editor that fails now and then keeps restarting, one that keeps failing does not.
 * - Fallback is final for this watchdog: later crashes answer `fallback` too.
 */

/** What a snapshot holds: the editor's HTML and its plain text (the fallback shows the text). */
export type Snapshot = { html: string; text: string };

/** What to do about a crash. */
export type Verdict = 'restart' | 'fallback';

/** At most one snapshot per this many ms. */
export const SNAPSHOT_INTERVAL_MS = 5000;
/** Crashes closer than this count toward the limit. */
export const CRASH_WINDOW_MS = 5000;
/** Restarts allowed in one run of close crashes. */
export const MAX_RESTARTS = 3;

/** The watchdog; see the module comment. */
export type Watchdog = {
  /** Offers the current content; taken when the last snapshot is old enough. True when taken. */
  offer(content: Snapshot): boolean;
  /** The last snapshot taken (the starting content until the first is taken). */
  snapshot(): Snapshot;
  /** Records a crash and says whether to restart or to fall back. */
  crash(): Verdict;
  /** Crashes in the current run (0 before the first). */
  run(): number;
};

/** A watchdog starting from `initial`, with `now` in ms (Date.now in the app, a fake in tests). */
export function createWatchdog(initial: Snapshot, now: () => number): Watchdog {
  let last = initial;
  let takenAt = now();
  let lastCrash = Number.NEGATIVE_INFINITY;
  let run = 0;
  let gaveUp = false;
  return {
    offer(content) {
      const at = now();
      if (at - takenAt < SNAPSHOT_INTERVAL_MS) return false;
      last = content;
      takenAt = at;
      return true;
    },
    snapshot: () => last,
    crash() {
      const at = now();
      run = at - lastCrash < CRASH_WINDOW_MS ? run + 1 : 1;
      lastCrash = at;
      if (run > MAX_RESTARTS) gaveUp = true;
      return gaveUp ? 'fallback' : 'restart';
    },
    run: () => run,
  };
}
