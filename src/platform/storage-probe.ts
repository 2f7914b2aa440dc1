/**
 * Whether the browser refuses this frame its storage: third-party cookies blocked (Chromium's
 * Incognito default, a common policy on managed machines), or Firefox set to reject third-party
 * storage. Reading `localStorage` throws then, and so do Web Locks, IndexedDB, Cache Storage and
 * service workers: the composition root asks once and builds the in-memory path (docs/embedding.md,
 * "When the browser refuses storage").
 */
export function storageRefused(win: { readonly localStorage: Pick<Storage, 'getItem'> }): boolean {
  try {
    win.localStorage.getItem('');
    return false;
  } catch {
    return true;
  }
}
