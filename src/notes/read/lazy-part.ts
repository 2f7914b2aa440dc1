import { type LazyFile, type Loader, ONE_TRY } from '../../platform/lazy-file.ts';

/** A part of the model in a chunk of its own: fetched once, `current` once it is in. */
export type LazyPart<T> = LazyFile<T>;

/**
 * Fetches and builds a model part on first `load()`; later calls share that promise. A failed
 * fetch is forgotten and tried again by `loader` (with backoff, and at once when the link is back),
 * then by the next `load()`: a flaky link must not break writes for the rest of the visit.
 */
export function lazyPart<T>(fetch: () => Promise<T>, loader: Loader = ONE_TRY): LazyPart<T> {
  return loader.file(fetch);
}
