import type { ApiErrorBody } from '../protocol/api-types.ts';

/** What went wrong, so callers branch on one field instead of sniffing messages or status codes. */
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'invalid-response' | 'aborted';

/** The exact message docs/api.md requires when a request outlives its timeout. */
export const TIMEOUT_MESSAGE = 'Timeout has occurred';

/**
 * The one error every API call rejects with, so screens handle failures in one place (retry a
 * draft on 'timeout'/'network'/5xx, go to /error on 403, resolve a 409 from `body.current`).
 * Its message never carries the session token (the HTTP client redacts server text).
 */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly body: ApiErrorBody | null = null,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
  }
}

/** Narrows an unknown rejection, so `catch (e)` blocks stay free of casts. */
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** True when the caller itself cancelled the request (a superseded load): nothing to show or retry. */
export const isAborted = (e: unknown): boolean => isApiError(e) && e.kind === 'aborted';
