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

/**
 * The one place API failures become what the learner sees (issue: 403 → error page, 401 → sign in
 * again, timeout → "Timeout has occurred" with Retry, 5xx/offline → message with Retry). Pure
 * apart from `onForbidden`, which the app wires to a navigation to `/error` with `{ code: 403 }`.
 */
export function describeProblem(error: unknown, onForbidden: () => void): Problem {
  const problem = (kind: ProblemKind, retry: boolean): Problem => ({
    kind,
    retry,
    message: PROBLEM_MESSAGES[kind],
  });
  if (!isApiError(error)) return problem('other', true);
  if (error.kind === 'timeout') return problem('timeout', true);
  if (error.kind === 'network') return problem('offline', true);
  if (error.status === 403) {
    onForbidden();
    return problem('forbidden', false);
  }
  if (error.status === 401) return problem('session', false);
  if (error.status !== null && error.status >= 500) return problem('server', true);
  if (error.kind === 'invalid-response') return problem('server', true);
  return problem('other', true);
}
