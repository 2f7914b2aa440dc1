import type { AppConfig } from '../config/app-config.ts';
import type { AuthRequest, ParentContext, RequestId, SeekMessage } from '../protocol/messages.ts';
import { loadedHello, SUB_APPLICATION_NAME } from '../protocol/messages.ts';
import { checkOrigin } from './origin.ts';
import { parseParentContext } from './parse-context.ts';

/** The slice of `window` the bridge needs, so tests can hand it a fake. */
export type BridgeWindow = {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

/** An accepted context, with the host it stands for (the `domain` header). */
export type AcceptedContext = { context: ParentContext; parentHost: string; requestId: RequestId };

/** What the bridge is built from. */
export type BridgeDeps = {
  window: BridgeWindow;
  config: Pick<AppConfig, 'allowedDomains' | 'devParentHost' | 'localParents'>;
  onContext: (accepted: AcceptedContext) => void;
  /** An AUTH_RESPONSE from `window.parent` at the accepted origin (its `data` still unchecked). */
  onAuthResponse?: (message: unknown) => void;
  warn?: (message: string) => void;
};

/** The running bridge: stop listening, or post a message to the parent whose context was accepted. */
export type ParentBridge = {
  stop(): void;
  /** Posts to the accepted parent's exact origin; false (nothing sent) before any context. */
  post(message: SeekMessage | AuthRequest): boolean;
};

/**
 * Starts talking to the portal (docs/wire-contract.md): posts the LOADED hello once — the only `'*'` message —
 * then accepts `LOADED`/`CONTEXT_CHANGE` messages only from `window.parent`, from an allowed origin,
 * carrying a valid `parentContext`. Everything else is dropped with one console warning per origin
 * (never the payload: it may hold a token). Later messages to the parent (SEEK, AUTH_REQUEST) go
 * only to the origin of the last accepted context, and an AUTH_RESPONSE is heard only from there.
 */
export function startParentBridge({
  window: win,
  config,
  onContext,
  onAuthResponse,
  warn = console.warn,
}: BridgeDeps): ParentBridge {
  const warned = new Set<string>();
  let acceptedOrigin: string | null = null;
  const reject = (origin: string, reason: string) => {
    if (warned.has(origin)) return;
    warned.add(origin);
    warn(`Notes: ignored a message from ${origin || '(unknown origin)'} (${reason})`);
  };

  const listener = (event: MessageEvent) => {
    const origin = String(event.origin);
    if (event.source !== win.parent) return reject(origin, 'not from the parent window');
    const verdict = checkOrigin(origin, config);
    if (!verdict.ok) return reject(origin, 'origin not allowed');
    const data: unknown = event.data;
    if (data === null || typeof data !== 'object') return reject(origin, 'not a NOTES message');
    const message = data as Record<string, unknown>;
    if (message.type === 'AUTH_RESPONSE') {
      // The real portal posts it to '*': only the accepted parent's own answer may be heard.
      if (origin !== acceptedOrigin) return reject(origin, 'AUTH_RESPONSE from another origin');
      return onAuthResponse?.(message);
    }
    if (message.subApplicationName !== undefined && message.subApplicationName !== SUB_APPLICATION_NAME) {
      return; // addressed to another sub-application sharing this channel: not ours, not an attack
    }
    const parsed = parseParentContext(message.parentContext);
    if (!parsed.ok) return reject(origin, parsed.error);
    const requestId: RequestId = message.requestId === 'CONTEXT_CHANGE' ? 'CONTEXT_CHANGE' : 'LOADED';
    acceptedOrigin = origin;
    onContext({ context: parsed.context, parentHost: verdict.parentHost, requestId });
  };

  win.addEventListener('message', listener);
  win.parent.postMessage(loadedHello(), '*');
  return {
    stop: () => win.removeEventListener('message', listener),
    post(out) {
      if (!acceptedOrigin) return false;
      win.parent.postMessage(out, acceptedOrigin);
      return true;
    },
  };
}
