/**
 * Which outbox items a sender has settled, where every frame reads the same answer at once.
 *
 * The journal lives in `localStorage`, which a browser keeps a copy of in each renderer process and
 * brings up to date some time after another process wrote it. One sender at a time holds the
 * learner's lock, but right after the lock passes to a frame in another process, that frame can
 * still read the journal as it was before the last sender settled an item, and send it again. An
 * IndexedDB transaction goes through the one database behind every process: an item recorded here
 * before the lock is let go is seen by the next holder, which then waits for the journal to catch
 * up instead of sending it twice (docs/decisions.md, "What a sender settled").
 */

/** The part of IndexedDB the ledger uses (the window's `indexedDB`; fake-indexeddb in unit tests). */
export type LedgerDatabase = Pick<IDBFactory, 'open'>;

/** The ledger of one learner's settled items. */
export type SentLedger = {
  /** Records that `id` was sent and answered for good; resolves once committed (never rejects). */
  add(id: string): Promise<void>;
  /** True when a sender recorded `id` (false too when the database can't be read in time). */
  has(id: string): Promise<boolean>;
};

const DB = 'notes-sent';
const STORE = 'sent';
/** How long an entry is kept: a journal catches up within moments, a day is plenty. */
export const LEDGER_KEEP_MS = 24 * 60 * 60 * 1000;
/** A database that doesn't answer in this long (blocked, broken) counts as no answer. */
const ANSWER_MS = 2000;

/** A request's result as a promise; rejects on its error. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** `work` or, past `ms`, `fallback`; a failure is the fallback too. */
const within = <T>(work: Promise<T>, ms: number, fallback: T, timer: LedgerTimer) =>
  new Promise<T>((resolve) => {
    const handle = timer.setTimeout(() => resolve(fallback), ms);
    const end = (value: T) => {
      timer.clearTimeout(handle);
      resolve(value);
    };
    work.then(end, () => end(fallback));
  });

/** Drops every learner's entries recorded before `before` (in the background: nothing waits on it). */
function sweep(db: IDBDatabase, before: number) {
  const cursor = db.transaction(STORE, 'readwrite').objectStore(STORE).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) return;
    if (typeof at.value !== 'number' || at.value < before) at.delete();
    at.continue();
  };
}

/** The timers the ledger's deadline uses (the window's; a fake clock in unit tests). */
export type LedgerTimer = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/**
 * The ledger of `learner`'s items in `idb`; entries older than a day are dropped when the database
 * is first opened. Keys name the learner and the item, never the token.
 */
export function createSentLedger(
  idb: LedgerDatabase,
  learner: string,
  now: () => number,
  timer: LedgerTimer,
): SentLedger {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (opened) return opened;
    const opening = (async () => {
      const request = idb.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      const db = await done(request);
      sweep(db, now() - LEDGER_KEEP_MS);
      return db;
    })();
    opening.catch(() => {
      if (opened === opening) opened = null; // the next call tries again
    });
    opened = opening;
    return opening;
  };
  const key = (id: string) => `${learner}\n${id}`;
  return {
    add: (id) =>
      within(
        open().then(
          (db) =>
            new Promise<void>((resolve, reject) => {
              const tx = db.transaction(STORE, 'readwrite');
              tx.objectStore(STORE).put(now(), key(id));
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
              tx.onabort = () => reject(tx.error);
            }),
        ),
        ANSWER_MS,
        undefined,
        timer,
      ),
    has: (id) =>
      within(
        open().then((db) => done(db.transaction(STORE, 'readonly').objectStore(STORE).get(key(id)))),
        ANSWER_MS,
        undefined,
        timer,
      ).then((at) => typeof at === 'number'),
  };
}
