/**
 * Fake `window` slices for the navigator, the parent bridge and the small-screen watcher: each one
 * records what the code under test did to it (history calls, dispatched events, posted messages,
 * listeners) so tests assert on effects instead of a real browser.
 */
import type { BridgeWindow } from '../../src/bridge/parent-bridge.ts';
import type { NavWindow } from '../../src/routes/navigator.ts';

/** A `PopStateEvent` stand-in for Node, which has none; installed only where missing. */
export function installPopStateEvent(): void {
  if (typeof globalThis.PopStateEvent === 'function') return;
  class NodePopStateEvent extends Event {
    readonly state: unknown;
    constructor(type: string, init: PopStateEventInit = {}) {
      super(type, init);
      this.state = init.state ?? null;
    }
  }
  Object.defineProperty(globalThis, 'PopStateEvent', {
    value: NodePopStateEvent,
    configurable: true,
    writable: true,
  });
}

/** One `history.pushState`/`replaceState` call as the fake saw it. */
export type HistoryCall = { kind: 'push' | 'replace'; state: unknown; title: string; url: string };

/** The fake navigation window plus what it recorded. */
export type FakeNavWindow = { window: NavWindow; calls: HistoryCall[]; events: Event[] };

/**
 * A navigation window at `pathname` whose history entry holds `state`. Push/replace record the call,
 * update `history.state` and move `location.pathname` to the URL's path, like a browser does.
 */
export function createFakeNavWindow(pathname = '/', state: unknown = null): FakeNavWindow {
  const calls: HistoryCall[] = [];
  const events: Event[] = [];
  const location = { pathname };
  const history = {
    state,
    pushState(s: unknown, title: string, url: string) {
      calls.push({ kind: 'push', state: s, title, url });
      history.state = s;
      location.pathname = new URL(url, 'http://app.test').pathname;
    },
    replaceState(s: unknown, title: string, url: string) {
      calls.push({ kind: 'replace', state: s, title, url });
      history.state = s;
      location.pathname = new URL(url, 'http://app.test').pathname;
    },
  };
  const window: NavWindow = {
    location,
    history,
    dispatchEvent(event: Event) {
      events.push(event);
      return true;
    },
  };
  return { window, calls, events };
}

/** One `parent.postMessage` call. */
export type PostedMessage = { message: unknown; targetOrigin: string };

/** What a test sends the app: the three parts of a MessageEvent the bridge reads. */
export type IncomingMessage = { data: unknown; origin: string; source: unknown };

/** The fake bridge window plus its recordings and a way to deliver messages. */
export type FakeBridgeWindow = {
  window: BridgeWindow;
  /** The `window.parent` object; pass it as `source` to look like the portal. */
  parent: BridgeWindow['parent'];
  posted: PostedMessage[];
  /** Currently registered `message` listeners. */
  listeners: Set<(event: MessageEvent) => void>;
  /** Delivers a message to every registered listener, as the browser would. */
  send(message: IncomingMessage): void;
};

/** Builds a bridge window whose parent records every postMessage. */
export function createFakeBridgeWindow(): FakeBridgeWindow {
  const posted: PostedMessage[] = [];
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent: BridgeWindow['parent'] = {
    postMessage(message: unknown, targetOrigin: string) {
      posted.push({ message, targetOrigin });
    },
  };
  const window: BridgeWindow = {
    parent,
    addEventListener(_type, listener) {
      listeners.add(listener);
    },
    removeEventListener(_type, listener) {
      listeners.delete(listener);
    },
  };
  return {
    window,
    parent,
    posted,
    listeners,
    send({ data, origin, source }) {
      const event = { type: 'message', data, origin, source } as unknown as MessageEvent;
      for (const listener of [...listeners]) listener(event);
    },
  };
}

/** A window with a width and real `resize` events, for the small-screen watcher. */
export class FakeResizeWindow extends EventTarget {
  innerWidth: number;
  constructor(width: number) {
    super();
    this.innerWidth = width;
  }
  /** Changes the width and fires `resize`, like dragging the iframe's edge. */
  resize(width: number): void {
    this.innerWidth = width;
    this.dispatchEvent(new Event('resize'));
  }
}
