/**
 * A `Storage` stand-in for the key-value store: a Map, plus switches that make it throw the way
 * browsers do (a partitioned or private frame's SecurityError, a full store's QuotaExceededError).
 */
import type { StorageLike } from '../../src/platform/key-value-store.ts';

/** The fake plus its contents and failure switches. */
export type MemoryStorage = StorageLike & {
  items: Map<string, string>;
  /** Throw this on the matching calls (null: behave). */
  failGet: Error | null;
  failSet: Error | null;
  failRemove: Error | null;
};

/** A DOMException-like error with the name browsers use. */
export const storageError = (name: 'SecurityError' | 'QuotaExceededError'): Error =>
  new DOMException(`The operation failed (${name})`, name);

/** Opens no storage: reading `localStorage` throws, as in a frame the browser refuses storage. */
export const refusedStorage = (): StorageLike => {
  throw storageError('SecurityError');
};

/** Builds an empty, well-behaved storage; flip the `fail*` fields to make it throw. */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const items = new Map(Object.entries(initial));
  const storage: MemoryStorage = {
    items,
    failGet: null,
    failSet: null,
    failRemove: null,
    getItem(key) {
      if (storage.failGet) throw storage.failGet;
      return items.get(key) ?? null;
    },
    setItem(key, value) {
      if (storage.failSet) throw storage.failSet;
      items.set(key, String(value));
    },
    removeItem(key) {
      if (storage.failRemove) throw storage.failRemove;
      items.delete(key);
    },
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  return storage;
}
