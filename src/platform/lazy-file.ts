/**
 * The one loader of every lazy file (docs/no-data-loss.md "A dropped request"):
 * chunks, the editor bundle, catalogues, stylesheets. A flaky link drops a request now and then;
 * a file that failed once must never stay broken for the rest of the visit.
 */

/** A file fetched on first `load()`: `current` once it is in. */
export type LazyFile<T> = { load(): Promise<T>; readonly current: T | null };

/** The timers backoff waits on (the real window's in the app, a fake clock in tests). */
export type RetryTimer = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** Makes lazy files, and hurries the ones waiting out a backoff. */
export type Loader = {
  /**
   * A file over `fetch` (given the attempt number, 0 first, never reused: 1, 2… may bust a cache).
   * `attempts`: how many tries one `load()` makes before it rejects (default 4: at once, then after
   * 1, 2 and 4 s; the delay doubles up to 30 s).
   */
  file<T>(fetch: (attempt: number) => Promise<T>, attempts?: number): LazyFile<T>;
  /**
   * The link is back (`online`): every file waiting out a backoff tries now, and every file whose
   * last `load()` used up its tries starts a new round (a stylesheet then applies; a later
   * `load()` shares that round or gets the file).
   */
  retryNow(): void;
};

/**
 * The loader. `load()` shares the fetch in flight and keeps the file once in; a failed try is
 * forgotten and tried again after 1 s, 2 s, 4 s… (at most 30 s) while the `load()` waits, and at
 * once on `retryNow()`. After its last try the `load()` rejects (the caller shows its error with a
 * Try again) and the next `load()` starts afresh — as does the next `retryNow()`, so a file no
 * caller asks for again (a stylesheet) still comes in when the link is back. Without `timer`, one
 * try per `load()`: unit tests.
 */
export function createLoader(timer?: RetryTimer): Loader {
  const waiting = new Set<() => void>();
  const gaveUp = new Set<() => void>();
  const pause = (t: RetryTimer, ms: number) =>
    new Promise<void>((resolve) => {
      const go = () => {
        waiting.delete(go);
        t.clearTimeout(handle);
        resolve();
      };
      const handle = t.setTimeout(go, ms);
      waiting.add(go);
    });
  return {
    retryNow: () => {
      for (const go of [...waiting]) go();
      for (const again of [...gaveUp]) again();
    },
    file<T>(fetch: (attempt: number) => Promise<T>, attempts = 4) {
      let tries = 0;
      let loading: Promise<T> | null = null;
      const again = () => void file.load().catch(() => undefined);
      const round = async (): Promise<T> => {
        gaveUp.delete(again);
        for (let n = 1; ; n++) {
          try {
            file.current = await fetch(tries++);
            return file.current;
          } catch (error) {
            if (!timer || n >= attempts) {
              loading = null;
              if (timer) gaveUp.add(again); // tried again when the link is back
              throw error;
            }
            await pause(timer, Math.min(1000 * 2 ** (n - 1), 30_000));
          }
        }
      };
      const file = { current: null as T | null, load: () => (loading ??= round()) };
      return file;
    },
  };
}

/** A loader that never retries by itself (one try per `load()`): the default of tests and tools. */
export const ONE_TRY: Loader = createLoader();
