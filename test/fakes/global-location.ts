/**
 * A navigation window that is also the global `location`, `history` and event target, so
 * preact-iso's LocationProvider (which reads globals) and the app's navigator see the same URL
 * in component tests.
 */
import type { NavWindow } from '../../src/routes/navigator.ts';

const ORIGIN = 'http://app.test';

/** Installs a fresh global location at `path` and returns it as the navigator's window. */
export function installGlobalLocation(path = '/'): NavWindow {
  const events = new EventTarget();
  const location = {
    origin: ORIGIN,
    pathname: path,
    search: '',
    get href() {
      return `${ORIGIN}${location.pathname}${location.search}`;
    },
  };
  const move = (url: string) => {
    const next = new URL(url, ORIGIN);
    location.pathname = next.pathname;
    location.search = next.search;
  };
  const history = {
    state: null as unknown,
    pushState(state: unknown, _title: string, url: string) {
      history.state = state;
      move(url);
    },
    replaceState(state: unknown, _title: string, url: string) {
      history.state = state;
      move(url);
    },
  };
  const g = globalThis as Record<string, unknown>;
  g.location = location;
  g.history = history;
  g.addEventListener = events.addEventListener.bind(events);
  g.removeEventListener = events.removeEventListener.bind(events);
  return { location, history, dispatchEvent: (event: Event) => events.dispatchEvent(event) };
}
