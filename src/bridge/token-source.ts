import { type AuthRequest, authRequest } from '../protocol/messages.ts';
import { expiresWithin, learnerOf } from '../session/token-claims.ts';

/** How long the portal has to answer an AUTH_REQUEST (docs/wire-contract.md). */
export const AUTH_TIMEOUT_MS = 5000;

/** A token this close to its `exp` is replaced before a request goes out (docs/wire-contract.md). */
export const EXPIRY_MARGIN_MS = 60_000;

/** What the token source runs on: the bridge's post, a clock and timers (fakes in tests). */
export type TokenSourceDeps = {
  /** Posts to the accepted parent's origin; false (nothing sent) before a context was accepted. */
  post(message: AuthRequest): boolean;
  newId(): string;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The portal handed over a token naming another learner than the session's: a learner change. */
  onOtherLearner(token: string): void;
};

/**
 * The one place the app's bearer token lives (docs/wire-contract.md, "The token from the portal"): the
 * context's token, else one the portal hands over on AUTH_REQUEST. Every request asks it for a
 * token; a 401 asks it for a fresh one. It never logs, posts or stores the token anywhere else.
 */
export type TokenSource = {
  /**
   * A context was accepted: its own token from now on (`''`: none, ask the portal; left out: keep
   * the one there is). Also lets the portal be asked again after it once left a request unanswered.
   */
  use(token?: string): void;
  /** The token in force when it is fit to send now (not expiring within a minute), else `''`. */
  ready(): string;
  /**
   * A token fit to send: the current one, unless there is none or it expires within a minute;
   * then the portal is asked. No answer in 5 s: the current one if it has not expired yet (the API
   * decides), else `''` (the caller treats it as a 401 without sending anything).
   */
  get(): Promise<string>;
  /**
   * After a 401 with `stale`: a fresher token of the same learner, or null (no answer in 5 s,
   * or the portal's token names another learner). Asks the portal unless one already came.
   */
  refresh(stale: string): Promise<string | null>;
  /**
   * An AUTH_RESPONSE's `data`, from `window.parent` at the accepted origin (the bridge checked
   * both). Used only with a pending `id` and a non-empty string token; anything else is ignored.
   */
  receive(message: unknown): void;
  /** Called with every token the portal hands over for this learner (queued writes resume). */
  onFresh(listener: () => void): void;
};

/** Builds the token source; at most one AUTH_REQUEST is pending at a time, and callers share it. */
export function createTokenSource(deps: TokenSourceDeps): TokenSource {
  let token = '';
  let learner = '';
  let silent = false; // the portal left the last AUTH_REQUEST unanswered: don't wait 5 s again
  let asked: { id: string; answer: (token: string | null) => void; promise: Promise<string | null> } | null =
    null;
  const fresh: (() => void)[] = [];
  const ask = (): Promise<string | null> => {
    if (asked) return asked.promise;
    if (silent) return Promise.resolve(null);
    const id = deps.newId();
    if (!deps.post(authRequest(id))) return Promise.resolve(null);
    let answer = (_: string | null) => {};
    const promise = new Promise<string | null>((resolve) => {
      const timer = deps.setTimeout(() => {
        silent = true;
        answer(null);
      }, AUTH_TIMEOUT_MS);
      answer = (handed) => {
        deps.clearTimeout(timer);
        asked = null;
        resolve(handed);
      };
    });
    asked = { id, answer, promise };
    return promise;
  };
  const fit = () => (token && !expiresWithin(token, deps.now(), EXPIRY_MARGIN_MS) ? token : '');

  return {
    use(next = token) {
      token = next;
      learner = learnerOf(next);
      silent = false;
    },
    ready: fit,
    // No answer: the token there is, unless it has expired already (`''`: nothing worth sending).
    get: async () => fit() || ((await ask()) ?? (expiresWithin(token, deps.now(), 0) ? '' : token)),
    refresh: (stale) => (token !== stale && fit() ? Promise.resolve(token) : ask()),
    receive(message) {
      const data = (message as { data?: { id?: unknown; token?: unknown } } | null)?.data;
      const handed = data?.token;
      if (
        !asked ||
        data?.id !== asked.id ||
        typeof handed !== 'string' ||
        !handed.trim() ||
        handed.length > 16384
      )
        return;
      const who = learnerOf(handed);
      if (learner && who && who !== learner) {
        asked.answer(null); // nothing of this learner's may go out with it
        deps.onOtherLearner(handed);
        return;
      }
      token = handed;
      learner ||= who;
      silent = false;
      asked.answer(handed);
      for (const listener of fresh) listener();
    },
    onFresh: (listener) => void fresh.push(listener),
  };
}
