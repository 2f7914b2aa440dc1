import { type ReadonlySignal, signal } from '@preact/signals-core';
import { isAborted } from '../../api/api-error.ts';
import type { Problem } from './describe-error.ts';

/** The life of one remote list: every list in the app has loading, ready and error states. */
export type LoadState<T> =
  | { status: 'idle' }
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'error'; problem: Problem; data: T | null };

/** A remote value with its state as a read-only signal, and the actions that (re)load it. */
export type RemoteValue<T> = {
  state: ReadonlySignal<LoadState<T>>;
  /** Loads unless already loaded and fresh; screens call it on mount. */
  ensure(): void;
  /** Loads now, keeping what is shown (another learner goes through `invalidate(true)`). */
  reload(): Promise<void>;
  /** Marks the value out of date, so the next `ensure` reloads it; `reset` also drops what it held. */
  invalidate(reset?: boolean): void;
};

/**
 * Wraps a loader in a signal-backed state machine. Only the newest request may write its result,
 * so a slow old response can never overwrite a newer one. `describe` turns a failure into the
 * message the learner sees (and may act on it, e.g. a 403 navigating to the error page).
 */
export function createRemoteValue<T>(
  load: (signal: AbortSignal) => Promise<T>,
  describe: (error: unknown) => Problem,
  /** What to show while the first load is on its way (the copy kept on this device), if anything. */
  initial?: () => T | null,
): RemoteValue<T> {
  const state = signal<LoadState<T>>({ status: 'idle' });
  let request = 0;
  let stale = true;
  let controller: AbortController | null = null;
  const current = (): T | null => {
    const s = state.value;
    return s.status === 'ready' || s.status === 'loading' || s.status === 'error' ? s.data : null;
  };

  const reload = async () => {
    const mine = ++request;
    stale = false;
    controller?.abort(); // the older load is superseded: stop spending its bytes
    controller = new AbortController();
    state.value = { status: 'loading', data: current() ?? initial?.() ?? null };
    try {
      const data = await load(controller.signal);
      if (mine === request) state.value = { status: 'ready', data };
    } catch (error) {
      if (mine === request && !isAborted(error))
        state.value = { status: 'error', problem: describe(error), data: current() };
    }
  };

  return {
    state,
    ensure() {
      if ((stale || state.value.status === 'idle') && state.value.status !== 'loading') void reload();
    },
    reload,
    invalidate(reset = false) {
      stale = true;
      if (reset) {
        request++; // a load still in flight belongs to the old session
        controller?.abort();
        state.value = { status: 'idle' };
      }
    },
  };
}
