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
  /**
   * The browser refuses this frame its storage (third-party storage blocked: Chromium's Incognito
   * default, a common policy on managed machines; Firefox rejecting third-party cookies). Reading
   * `localStorage` throws then, and so do Web Locks, IndexedDB, Cache Storage and service workers:
   * the composition root builds the in-memory path (docs/embedding.md, "When the browser refuses
   * storage"). A full storage still reads, so it is not refused.
   */
  refused: boolean;
};

/**
 * Wraps browser storage so a blocked (`SecurityError` in a partitioned or private frame) or full
 * (`QuotaExceededError`) store degrades to memory instead of throwing into the app. `open` is a
 * function because merely reading `window.localStorage` can throw; a first read tells a refused
 * storage (`refused`) from one that works.
 */
export function createKeyValueStore(open: () => StorageLike | null): KeyValueStore {
  const memory = new Map<string, string>();
  let storage: StorageLike | null = null;
  let refused = false;
  try {
    storage = open();
    storage?.getItem('');
  } catch {
    storage = null;
    refused = true;
  }
  return {
    refused,
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
