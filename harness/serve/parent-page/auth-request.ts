/**
 * The portal's side of the token handshake (docs/wire-contract.md, "The token from the portal"): the app asks
 * with `AUTH_REQUEST { data: { id } }`, the portal answers `AUTH_RESPONSE` with a token minted just
 * now and the same `id`. Kept apart from the DOM so the rules can be tested with plain objects; the
 * "Answer AUTH_REQUEST" switch lets a developer watch the app when the portal never answers.
 */
import { type AuthResponse, SUB_APPLICATION_NAME } from '../../../src/protocol/messages.ts';
import type { MessageLog } from './message-log.ts';

/** Longest `id` the portal echoes; the app's ids are short random strings. */
export const MAX_AUTH_ID_CHARS = 200;

/** The request's `id`, or why the portal will not answer it (safe to log). */
export type ParsedAuthRequest = { ok: true; id: string } | { ok: false; reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks an AUTH_REQUEST: NOTES-named, with `data.id` a non-empty string of bounded length. */
export function parseAuthRequest(data: unknown): ParsedAuthRequest {
  if (!isRecord(data)) return { ok: false, reason: 'not an object' };
  if (data.subApplicationName !== SUB_APPLICATION_NAME)
    return { ok: false, reason: `subApplicationName must be "${SUB_APPLICATION_NAME}"` };
  if (!isRecord(data.data)) return { ok: false, reason: 'data must be an object with an id' };
  const id = data.data.id;
  if (typeof id !== 'string' || id.trim() === '')
    return { ok: false, reason: 'data.id must be a non-empty string' };
  if (id.length > MAX_AUTH_ID_CHARS)
    return { ok: false, reason: `data.id is longer than ${MAX_AUTH_ID_CHARS} characters` };
  return { ok: true, id };
}

/** The portal's answer, as the real portal builds it. */
export const authResponse = (token: string, id: string): AuthResponse => ({
  app: 'WEB_PORTAL',
  type: 'AUTH_RESPONSE',
  state: 'NONE',
  plugin: 'NONE',
  data: { token, id },
});

/** What the handler needs from the page. */
export type AuthRequestDeps = {
  /** The "Answer AUTH_REQUEST" checkbox, read per request. */
  answering: () => boolean;
  /** A token minted just now for the current learner (the page's `/harness/token`). */
  mintToken: () => Promise<string>;
  /** Posts the answer to the frame at `target`. */
  send: (message: AuthResponse, target: string) => void;
  /** `'*'` as the real portal posts, or the app's exact origin (the default portal). */
  target: string;
  log: MessageLog;
};

/**
 * Handles an AUTH_REQUEST that came from the Notes frame at the app's origin (frame-messages.ts
 * checks that first): a malformed one is logged as ignored with the reason; a good one is logged,
 * then answered with a fresh token and its `id`, unless answering is switched off.
 */
export function createAuthRequestHandler(deps: AuthRequestDeps) {
  const { log } = deps;
  return async (data: unknown, origin: string): Promise<void> => {
    const parsed = parseAuthRequest(data);
    if (!parsed.ok) {
      const detail = `malformed AUTH_REQUEST: ${parsed.reason}`;
      log.add({ direction: 'ignored', requestId: 'AUTH_REQUEST', origin, detail, payload: data });
      return;
    }
    log.add({ direction: 'received', requestId: 'AUTH_REQUEST', origin, payload: data });
    if (!deps.answering()) {
      const detail = `not answered: "Answer AUTH_REQUEST" is off (id ${parsed.id})`;
      log.add({ direction: 'note', requestId: 'AUTH_REQUEST', origin, detail });
      return;
    }
    let token: string;
    try {
      token = await deps.mintToken();
    } catch (err) {
      const detail = `not answered: no fresh token (${(err as Error).message})`;
      log.add({ direction: 'note', requestId: 'AUTH_REQUEST', origin, detail });
      return;
    }
    const message = authResponse(token, parsed.id);
    deps.send(message, deps.target);
    log.add({ direction: 'sent', requestId: 'AUTH_RESPONSE', origin: deps.target, payload: message });
  };
}
