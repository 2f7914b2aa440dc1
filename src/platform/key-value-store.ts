/** The slice of `Storage` the app uses; `localStorage` or a test fake (`key`/`length` to list keys). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> &
  Partial<Pick<Storage, 'key' | 'length'>>;

/** Strings kept across reloads when the browser allows it, in memory when it does not. */
export type KeyValueStore = {
  get(key: string): string | null;
  /** False when the value could only be kept in memory (storage full or unavailable). */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** The keys starting with `prefix` (stored or in memory): to find what other learners left. */
  keys(prefix: string): string[];
};

/**
 * Wraps browser storage so a blocked (`SecurityError` in a partitioned or private frame) or full
 * (`QuotaExceededError`) store degrades to memory instead of throwing into the app. `open` is a
 * function because merely reading `window.localStorage` can throw.
 */
export function createKeyValueStore(open: () => StorageLike | null): KeyValueStore {
  const memory = new Map<string, string>();
  let storage: StorageLike | null = null;
  try {
    storage = open();
  } catch {
    storage = null;
  }
  return {
    get(key) {
      try {
        const value = storage?.getItem(key);
        if (value !== null && value !== undefined) return value;
      } catch {
        // fall through to memory
      }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      memory.set(key, value);
      try {
        if (!storage) return false;
        storage.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        storage?.removeItem(key);
      } catch {
        // nothing kept there, or nothing we can do
      }
    },
    keys(prefix) {
      const found = new Set([...memory.keys()].filter((k) => k.startsWith(prefix)));
      try {
        for (let i = 0; storage?.key && i < (storage.length ?? 0); i++) {
          const key = storage.key(i);
          if (key?.startsWith(prefix)) found.add(key);
        }
      } catch {
        // storage refused: what memory holds is all there is
      }
      return [...found];
    },
  };
}
