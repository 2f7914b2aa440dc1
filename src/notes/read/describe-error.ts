import { isApiError, TIMEOUT_MESSAGE } from '../../api/api-error.ts';

/** What a failure means to the learner: the message (a message key) and whether Retry can help. */
export type Problem = { message: string; retry: boolean; kind: ProblemKind };

/** The failures a learner can meet, each with its own wording. */
export type ProblemKind = 'forbidden' | 'session' | 'timeout' | 'offline' | 'server' | 'other';

/** The message keys, so tests and translations name them in one place. */
export const PROBLEM_MESSAGES: Record<ProblemKind, string> = {
  forbidden: 'You do not have sufficient access rights to view this page',
  session: 'Your session has expired. Sign in again in the portal.',
  timeout: TIMEOUT_MESSAGE,
  offline: 'You seem to be offline. Check your connection and try again.',
  server: 'The notes service is not answering right now. Try again in a moment.',
  other: 'Something went wrong with that request.',
};

/** The learner's view of a problem kind: Retry helps unless the session or the access is the cause. */
export const problemOf = (kind: ProblemKind): Problem => ({
  kind,
  retry: kind !== 'session' && kind !== 'forbidden',
  message: PROBLEM_MESSAGES[kind],
});

/**
 * The read half of the error policy (the whole table: docs/api.md, 'Errors', pinned row by row in
 * test/notes/error-policy.test.ts; the write half is `verdictFor` in src/notes/write/outbox-verdict.ts):
 * 403 → forbidden, 401 → sign in again, timeout → "Timeout has occurred" with Retry, 5xx, a garbled
 * answer or offline → a message with Retry, anything else → "Something went wrong" with Retry.
 * Pure: the caller acts on a `forbidden` problem (the notes model opens /error with `{ code: 403 }`).
 */
export function describeProblem(error: unknown): Problem {
  if (!isApiError(error)) return problemOf('other');
  if (error.kind === 'timeout') return problemOf('timeout');
  if (error.kind === 'network') return problemOf('offline');
  if (error.status === 403) return problemOf('forbidden');
  if (error.status === 401) return problemOf('session');
  if (error.kind === 'invalid-response' || (error.status ?? 0) >= 500) return problemOf('server');
  return problemOf('other');
}
