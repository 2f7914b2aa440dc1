import { type ReadonlySignal, signal } from '@preact/signals-core';
import { appPath } from './route-rules.ts';
import type { AppPath } from './route-table.ts';

/**
 * State a navigation may carry, like `{ code: 403 }` for the error page, or `{ tag }` for `/view`
 * filtered by a tag a card showed.
 */
export type NavState = { code?: number; tag?: string } | null;

/** The slice of `window` navigation needs. */
export type NavWindow = {
  location: { pathname: string };
  history: {
    pushState(s: unknown, t: string, u: string): void;
    replaceState(s: unknown, t: string, u: string): void;
    state: unknown;
  };
  dispatchEvent(event: Event): boolean;
};

/** `/course/<id>` with the id URL-encoded, so an id can't add segments or a query. */
const encodePath = (path: AppPath): string =>
  path.startsWith('/course/') ? `/course/${encodeURIComponent(path.slice(8))}` : path;

/** Navigation as a service, usable outside components (start-up, API errors). */
export type Navigator = ReturnType<typeof createNavigator>;

/**
 * Moves between screens from anywhere — the start-up sequence and the API error handler run
 * outside the component tree. It writes history itself (replace by default: an iframe's pushState
 * adds entries to the portal tab's Back button) and then fires `popstate`, which preact-iso's
 * LocationProvider listens to, so the router follows.
 */
export function createNavigator(win: NavWindow, basePath = '/') {
  // History state is read back as untrusted: only a numeric `code` or a string `tag` is kept.
  const readState = (): NavState => {
    const s = win.history.state as { code?: unknown; tag?: unknown } | null;
    if (!s || typeof s !== 'object') return null;
    return typeof s.code === 'number' ? { code: s.code } : typeof s.tag === 'string' ? { tag: s.tag } : null;
  };
  const state = signal<NavState>(readState());
  const prefix = basePath.replace(/\/+$/, '');

  return {
    /** Navigation state of the current entry. */
    state: state as ReadonlySignal<NavState>,
    /** The app-relative path now showing. */
    currentPath: () => appPath(win.location.pathname, basePath),
    /** Absolute URL path of an app path, for links (a course id is URL-encoded). */
    href: (path: AppPath) => `${prefix}${encodePath(path)}`,
    /** Goes to `path`; replaces the history entry unless `push` is asked for. */
    navigate(path: AppPath, options: { state?: NavState; push?: boolean } = {}) {
      const next = options.state ?? null;
      const url = `${prefix}${encodePath(path)}`;
      if (options.push) win.history.pushState(next, '', url);
      else win.history.replaceState(next, '', url);
      state.value = next;
      win.dispatchEvent(new PopStateEvent('popstate', { state: next }));
    },
    /** Re-reads state after a browser Back/Forward. */
    syncFromHistory() {
      state.value = readState();
    },
  };
}
