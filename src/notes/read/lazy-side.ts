import { type LazyFile, type Loader, ONE_TRY } from '../../platform/lazy-file.ts';

/**
 * A side of the model (the write side, the course side, the kept copy's writer) in a chunk of its
 * own: fetched once, `current` once it is in. ("Parts" is the editing chunk's UI: `EditParts`.)
 */
export type LazySide<T> = LazyFile<T>;

/**
 * Fetches and builds a model side on first `load()`; later calls share that promise. A failed
 * fetch is forgotten and tried again by `loader` (with backoff, and at once when the link is back),
 * then by the next `load()`: a flaky link must not break writes for the rest of the visit.
 */
export function lazySide<T>(fetch: () => Promise<T>, loader: Loader = ONE_TRY): LazySide<T> {
  return loader.file(fetch);
}
