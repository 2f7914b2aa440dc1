/** A part of the model in a chunk of its own: fetched once, `current` once it is in. */
export type LazyPart<T> = { load(): Promise<T>; readonly current: T | null };

/**
 * Fetches and builds a model part on first `load()`; later calls share that promise. A failed
 * fetch is forgotten, so the next `load()` tries again (a flaky link must not break writes for
 * the rest of the visit).
 */
export function lazyPart<T>(fetch: () => Promise<T>): LazyPart<T> {
  let loading: Promise<T> | null = null;
  const part: { current: T | null; load(): Promise<T> } = {
    current: null,
    load() {
      loading ??= fetch().then(
        (built) => (part.current = built),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
  return part;
}
