import { type AcceptedContext, type BridgeWindow, startParentBridge } from '../bridge/parent-bridge.ts';
import { parseUser, userWithToken } from '../bridge/parse-context.ts';
import { createTokenSource, type TokenSource } from '../bridge/token-source.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { SeekMessage } from '../protocol/messages.ts';
import { earlyRequest, requestKey } from './early-request.ts';

/**
 * What the early start hands the app (`window.__notesBoot`): the parent bridge, already talking
 * to the portal, and the first screen's API answer, already on its way.
 */
export type Boot = {
  /**
   * Delivers every accepted context to `listener`, with a token (the context's own or the
   * portal's answer to AUTH_REQUEST) and the learner filled from its claims: first those
   * accepted before the app ran, in order, then each new one (`CONTEXT_CHANGE`) as it comes. One
   * listener: the app. `noToken` hears of a context the portal gave no token for in 5 s (the
   * app says so, with a Retry that calls `retry`). `waiting` hears of a context that arrives while
   * the app listens, its token still to come, so the app fetches its theme and language meanwhile
   * (one that came before the app ran had its catalogue fetched here).
   */
  onContext(
    listener: (accepted: AcceptedContext) => void,
    noToken?: (accepted: AcceptedContext) => void,
    waiting?: (accepted: AcceptedContext) => void,
  ): void;
  /** Asks the portal again for the token of the context that got none. */
  retry(): void;
  /** The session's bearer token: every API request takes it from here (src/bridge/token-source.ts). */
  tokens: Pick<TokenSource, 'get' | 'refresh' | 'onFresh'>;
  /** Posts to the accepted parent's exact origin; false (nothing sent) before any context. */
  post(message: SeekMessage): boolean;
  /**
   * The early request's response, when the app's first API request is that same request
   * (`requestKey`); otherwise `undefined` and the app fetches itself. Asked once: whatever the
   * first request is, the early answer is then given up, so nothing later can get a stale one.
   */
  adopt(url: string, init?: RequestInit): Promise<Response> | undefined;
  /** Hashed URL of each translated locale's catalogue (build.mjs; English is in the app). */
  locales: Record<string, string>;
  /**
   * The catalogue the early start fetched for the first context's locale, when `url` is it; else
   * `undefined`. Given once: a retry fetches afresh.
   */
  adoptCatalogue(url: string): Promise<Response> | undefined;
};

/** What the early start runs on: the real window in the page, fakes in tests. */
export type BootDeps = {
  window: BridgeWindow;
  config: AppConfig;
  /** `location.pathname` when the frame loaded. */
  pathname: string;
  /** Hashed URL of each translated locale's catalogue. */
  locales: Record<string, string>;
  fetch: typeof fetch;
  warn?: (message: string) => void;
  /** Fresh AUTH_REQUEST ids, the clock and timers for the token source. */
  newId: () => string;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /**
   * Loads a locale's Intl data ahead of the first render (src/i18n/warm-formats.ts): called once,
   * for the first context's locale as the app will show it, in a task after the first API call.
   */
  warm: (locale: string) => void;
};

/**
 * Starts the parent bridge (it posts LOADED at once) and, when the first context is accepted,
 * the first screen's API call (src/boot/early-request.ts), so that call overlaps the download of
 * the rest of the document. The app, once it runs, takes both over through the returned `Boot`.
 */
export function createBoot(deps: BootDeps): Boot {
  const waiting: AcceptedContext[] = [];
  let listener: ((accepted: AcceptedContext) => void) | null = null;
  let noToken: ((accepted: AcceptedContext) => void) | undefined;
  let toCome: ((accepted: AcceptedContext) => void) | undefined;
  let early: { key: string | null; response: Promise<Response> } | null = null;
  let tried = false;
  let latest: AcceptedContext | null = null; // the last one delivered
  let unsigned: AcceptedContext | null = null; // the one the portal gave no token for
  let seq = 0;
  const { locales } = deps;
  const catalogues: Record<string, Promise<Response>> = {};

  let worded = false;
  /**
   * The first context's catalogue, asked for as that context arrives — before its token, which a
   * portal hands over on request — since the first screen waits for it (src/session/apply-context.ts),
   * the "could not sign you in" message too. The tag, else its language: resolveLocale's choice for
   * our lower-case tags, in fewer bytes. That locale's Intl data (English's without a catalogue)
   * loads meanwhile too, outside the first render.
   */
  const askWords = (accepted: AcceptedContext) => {
    if (worded || listener) return; // only the first context, before the app runs
    worded = true;
    const tag = accepted.context.locale.toLowerCase();
    const lang = locales[tag] ? tag : (tag.split('-')[0] ?? '');
    const url = locales[lang];
    // After this task, which sends the first API call: the Intl data of the locale shown meanwhile.
    deps.setTimeout(() => deps.warm(url ? lang : 'en'), 0);
    if (url) {
      const catalogue = deps.fetch(url);
      catalogue.catch(() => undefined); // the adopter sees the failure
      catalogues[url] = catalogue;
    }
  };
  const deliver = (accepted: AcceptedContext) => {
    latest = accepted;
    unsigned = null;
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
  };
  // A context is delivered once it has a token; a newer context supersedes one still waiting.
  const complete = (accepted: AcceptedContext) => {
    askWords(accepted);
    const mine = ++seq;
    const { token, userId } = accepted.context.user;
    // Its own token; else the one handed over before, unless the context names another learner.
    tokens.use(token || (userId && latest && userId !== latest.context.user.userId ? '' : undefined));
    const finish = (got: string) => {
      if (mine !== seq) return;
      const { context } = accepted;
      if (got) deliver({ ...accepted, context: { ...context, user: userWithToken(context.user, got) } });
      else {
        unsigned = accepted;
        noToken?.(accepted);
      }
    };
    const ready = tokens.ready(); // a token fit to send: delivered at once, in this same task
    if (ready) return finish(ready);
    toCome?.(accepted); // the app, when it runs, fetches its look meanwhile (else askWords did)
    void tokens.get().then((got) => finish(got || token)); // the portal's own, even expired
  };
  const tokens = createTokenSource({
    ...deps,
    post: (message) => bridge.post(message),
    onOtherLearner(token) {
      // The portal's token names another learner: the session becomes theirs (docs/wire-contract.md), with
      // nothing of the previous learner's but what the portal's context says.
      if (latest) {
        const context = { ...latest.context, user: parseUser({ token }) };
        complete({ ...latest, requestId: 'CONTEXT_CHANGE', context });
      } else tokens.use(token);
    },
  });
  const bridge = startParentBridge({
    window: deps.window,
    config: deps.config,
    ...(deps.warn ? { warn: deps.warn } : {}),
    onContext: complete,
    onAuthResponse: (message) => tokens.receive(message),
  });
  return {
    onContext(next, onNoToken, onWaiting) {
      listener = next;
      noToken = onNoToken;
      toCome = onWaiting;
      for (const accepted of waiting.splice(0)) next(accepted);
      if (unsigned) onNoToken?.(unsigned);
    },
    retry: () => unsigned && complete(unsigned),
    tokens,
    post: (message) => bridge.post(message),
    adopt(url, init) {
      const taken = early;
      early = null;
      return taken && taken.key !== null && taken.key === requestKey(url, init) ? taken.response : undefined;
    },
    locales,
    adoptCatalogue(url) {
      const taken = catalogues[url];
      delete catalogues[url];
      return taken;
    },
  };
}
