/**
 * The baseline's side of the portal handshake (docs/wire-contract.md), outside React like the app's own: posts
 * LOADED once, then accepts a context only from `window.parent`, from an allowed origin, validated
 * by the same modules the app uses (src/bridge/origin.ts, src/bridge/parse-context.ts), so both
 * apps do the same checks and only the UI framework differs. Exposed as a tiny external store for
 * React's `useSyncExternalStore`.
 */
import { checkOrigin } from '../../src/bridge/origin.ts';
import { parseParentContext } from '../../src/bridge/parse-context.ts';
import { LOCAL_DEV_CONFIG } from '../../src/config/app-config.ts';
import type { ParentContext, SeekMessage } from '../../src/protocol/messages.ts';

/** The accepted context and the parent host it stands for (the `domain` header). */
export type Accepted = { context: ParentContext; parentHost: string };

/** A store of the last accepted context, and SEEK messages to the parent that sent it. */
export type ParentContextStore = {
  get(): Accepted | null;
  subscribe(listener: () => void): () => void;
  seek(message: SeekMessage): void;
};

/** Starts listening and says hello; call once, before rendering. */
export function startParentContext(win: Window = window): ParentContextStore {
  let accepted: Accepted | null = null;
  let parentOrigin: string | null = null;
  const listeners = new Set<() => void>();
  win.addEventListener('message', (event) => {
    if (event.source !== win.parent) return;
    const verdict = checkOrigin(event.origin, LOCAL_DEV_CONFIG);
    if (!verdict.ok) return;
    const data: unknown = event.data;
    if (data === null || typeof data !== 'object') return;
    const message = data as Record<string, unknown>;
    if (message.subApplicationName !== undefined && message.subApplicationName !== 'NOTES') return;
    const parsed = parseParentContext(message.parentContext);
    if (!parsed.ok) return;
    parentOrigin = event.origin;
    accepted = { context: parsed.context, parentHost: verdict.parentHost };
    for (const listener of listeners) listener();
  });
  win.parent.postMessage({ subApplicationName: 'NOTES', requestId: 'LOADED' }, '*');
  return {
    get: () => accepted,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seek(message) {
      if (parentOrigin) win.parent.postMessage(message, parentOrigin);
    },
  };
}
