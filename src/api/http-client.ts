/**
 * The HTTP client every notes call goes through (docs/api.md): one place that adds the
 * session headers, enforces the timeout and turns every failure into an `ApiError`.
 */

import type { ConfiguredMiddleware } from 'wretch';
import wretch from 'wretch';
import { ApiError, isApiError, TIMEOUT_MESSAGE } from './api-error.ts';
import { parseErrorBody } from './parse-response.ts';
import { type SessionHeaders, sessionHeaders } from './session-headers.ts';

export type { SessionHeaders };

/** Everything the client needs, injected so tests drive it with a fake fetch and a fake clock. */
export type HttpClientDeps = {
  fetch: typeof fetch;
  /** e.g. `/api/v1`; paths are appended verbatim. */
  baseUrl: string;
  /**
   * Read on every request, so a CONTEXT_CHANGE (new token, org…) applies at once. `null` sends no
   * session headers: the app only calls the API after the parent context arrived.
   */
  headers: () => SessionHeaders | null;
  /**
   * Where the bearer token really comes from (src/bridge/token-source.ts): it replaces the
   * `headers()` token on every request, and a 401 asks it once for a fresh one and sends the
   * request again with it (same `Idempotency-Key`). Without it: the `headers()` token, no retry.
   */
  tokens?: { get(): Promise<string>; refresh(stale: string): Promise<string | null> };
  /** Default 600000 ms (docs/constants.md). */
  timeoutMs?: number;
  setTimeout?(fn: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
};

/** Turns a JSON value into a typed one or throws `ApiError('invalid-response')`. */
export type Parse<T> = (v: unknown) => T;

/**
 * Per-request options. `signal` cancels a load that a newer one superseded (the request is aborted
 * and its bytes no longer spent; the call rejects with kind `aborted`). `keepalive` lets a request
 * outlive the page (a delete still pending when the frame unloads). `idempotencyKey` goes out as
 * this request's `Idempotency-Key` header, so a retried add stores one note (docs/api.md).
 * `transport` is the fetch this one request goes through instead of the client's (an upload's
 * XMLHttpRequest, for its progress: src/api/upload.ts); headers, timeout and failures stay the same.
 */
export type RequestOptions = {
  signal?: AbortSignal | undefined;
  keepalive?: boolean | undefined;
  idempotencyKey?: string | undefined;
  transport?: typeof fetch | undefined;
};

/** What the typed API needs from HTTP: JSON (or FormData) in, validated JSON out. */
export type HttpClient = {
  get<T>(path: string, parse: Parse<T>, options?: RequestOptions): Promise<T>;
  /** A plain object is sent as JSON; a `FormData` as multipart with the boundary fetch picks. */
  post<T>(path: string, body: object, parse: Parse<T>, options?: RequestOptions): Promise<T>;
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Non-2xx → `ApiError('http')` before wretch sees it, so a bad JSON error body can't hide the status.
 * The request's own token is cut out of the server's text, so it never reaches a message or a log.
 */
const rejectErrors: ConfiguredMiddleware = (next) => (url, opts) =>
  next(url, opts).then(async (res) => {
    if (res.ok) return res;
    const token = String(opts.headers?.Authorization ?? '').slice(7);
    const text = await res.text().catch(() => '');
    const body = parseErrorBody(safeJson(token ? text.split(token).join('[redacted]') : text));
    throw new ApiError('http', body?.error || `HTTP ${res.status}`, res.status, body);
  });

/**
 * Builds the client. A URL containing `/auth` carries none of the session headers (docs/api.md); every
 * other one carries exactly Authorization, rootorg, org, domain and wid. A request (body included)
 * running longer than `timeoutMs` is aborted and rejects with "Timeout has occurred".
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const { setTimeout: setT = setTimeout, clearTimeout: clearT = clearTimeout, timeoutMs = 600000 } = deps;
  const base = wretch(deps.baseUrl).polyfills({ fetch: deps.fetch }).middlewares([rejectErrors]);

  const send = <T>(
    method: string,
    path: string,
    parse: Parse<T>,
    body: object | undefined,
    options: RequestOptions = {},
  ): Promise<T> => {
    const { signal: callerSignal, keepalive, idempotencyKey, transport } = options;
    if (callerSignal?.aborted) return Promise.reject(new ApiError('aborted', 'Request cancelled'));
    const s = (deps.baseUrl + path).includes('/auth') ? null : deps.headers();
    const attempt = (token: string | null): Promise<T> => {
      const headers: Record<string, string> = s ? sessionHeaders(token === null ? s : { ...s, token }) : {};
      if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
      const ctl = new AbortController();
      const cancel = () => ctl.abort();
      callerSignal?.addEventListener('abort', cancel);
      let timedOut = false;
      let timer: unknown;
      const expiry = new Promise<never>((_, reject) => {
        timer = setT(() => {
          timedOut = true;
          ctl.abort();
          reject();
        }, timeoutMs);
      });
      const call = (transport ? base.polyfills({ fetch: transport }) : base)
        .url(path)
        .headers(headers)
        .options(keepalive ? { signal: ctl.signal, keepalive: true } : { signal: ctl.signal })
        .fetch(method, '', body)
        .text((text) => {
          const json = safeJson(text);
          if (json === undefined) throw new ApiError('invalid-response', 'Invalid response: not JSON');
          return parse(json);
        });
      return Promise.race([call, expiry])
        .catch((e: unknown) => {
          if (timedOut) throw new ApiError('timeout', TIMEOUT_MESSAGE);
          if (callerSignal?.aborted) throw new ApiError('aborted', 'Request cancelled');
          throw isApiError(e) ? e : new ApiError('network', 'Network error', null, null, e);
        })
        .finally(() => {
          clearT(timer);
          callerSignal?.removeEventListener('abort', cancel);
        });
    };
    const { tokens } = deps;
    if (!s || !tokens) return attempt(null);
    // A 401 gets one fresh token from the portal and one more try; a second 401 is the caller's.
    return tokens.get().then(async (token) => {
      if (!token) throw new ApiError('http', 'No token from the portal', 401); // none within 5 s
      try {
        return await attempt(token);
      } catch (e) {
        if (!isApiError(e) || e.status !== 401) throw e;
        const fresh = await tokens.refresh(token);
        if (fresh === null || callerSignal?.aborted) throw e;
        return attempt(fresh);
      }
    });
  };

  return {
    get: (path, parse, options) => send('GET', path, parse, undefined, options),
    post: (path, body, parse, options) => send('POST', path, parse, body, options),
  };
}
