import { type AcceptedContext, type BridgeWindow, startParentBridge } from '../bridge/parent-bridge.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { SeekMessage } from '../protocol/messages.ts';
import { earlyRequest, requestKey } from './early-request.ts';

/**
 * What the early start hands the app (`window.__notesBoot`): the parent bridge, already talking
 * to the portal, and the first screen's API answer, already on its way.
 */
export type Boot = {
  /**
   * Delivers every accepted context to `listener`: first those accepted before the app ran, in
   * order, then each new one (`CONTEXT_CHANGE`) as it comes. One listener: the app.
   */
  onContext(listener: (accepted: AcceptedContext) => void): void;
  /** Posts to the accepted parent's exact origin; false (nothing sent) before any context. */
  post(message: SeekMessage): boolean;
  /**
   * The early request's response, when the app's first API request is that same request
   * (`requestKey`); otherwise `undefined` and the app fetches itself. Asked once: whatever the
   * first request is, the early answer is then given up, so nothing later can get a stale one.
   */
  adopt(url: string, init?: RequestInit): Promise<Response> | undefined;
};

/** What the early start runs on: the real window in the page, fakes in tests. */
export type BootDeps = {
  window: BridgeWindow;
  config: AppConfig;
  /** `location.pathname` when the frame loaded. */
  pathname: string;
  fetch: typeof fetch;
  warn?: (message: string) => void;
};

/**
 * Starts the parent bridge (it posts LOADED at once) and, when the first context is accepted,
 * the first screen's API call (src/boot/early-request.ts), so that call overlaps the download of
 * the rest of the document. The app, once it runs, takes both over through the returned `Boot`.
 */
export function createBoot(deps: BootDeps): Boot {
  const waiting: AcceptedContext[] = [];
  let listener: ((accepted: AcceptedContext) => void) | null = null;
  let early: { key: string | null; response: Promise<Response> } | null = null;
  let tried = false;
  const bridge = startParentBridge({
    window: deps.window,
    config: deps.config,
    ...(deps.warn ? { warn: deps.warn } : {}),
    onContext(accepted) {
      if (!tried && !listener) {
        tried = true; // only the first context, and only before the app runs: it loads the rest
        const request = earlyRequest(accepted, deps.pathname, deps.config);
        if (request) {
          const response = deps.fetch(request.url, request.init);
          response.catch(() => undefined); // the adopter sees the failure; nobody else must
          early = { key: requestKey(request.url, request.init), response };
        }
      }
      if (listener) listener(accepted);
      else waiting.push(accepted);
    },
  });
  return {
    onContext(next) {
      listener = next;
      for (const accepted of waiting.splice(0)) next(accepted);
    },
    post: (message) => bridge.post(message),
    adopt(url, init) {
      const taken = early;
      early = null;
      return taken && taken.key !== null && taken.key === requestKey(url, init) ? taken.response : undefined;
    },
  };
}
