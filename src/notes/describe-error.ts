import { isApiError } from '../api/api-error.ts';

/** Message keys (readable English, see locales/en.json) for the failures a learner can meet. */
export const ERROR_KEYS = {
  generic: 'Could not load notes.',
  session: 'Your session has ended. Reload the page to sign in again.',
  timeout: 'The request took too long. Check your connection and try again.',
} as const;

/**
 * Turns a failed call into the message key a list shows, and reports a 403 so the app can go to
 * the error page with `{ code: 403 }` (DESIGN §3). Pure apart from that callback.
 */
export function describeLoadError(error: unknown, onForbidden: () => void): string {
  if (isApiError(error)) {
    if (error.status === 403) {
      onForbidden();
      return ERROR_KEYS.generic;
    }
    if (error.status === 401) return ERROR_KEYS.session;
    if (error.kind === 'timeout') return ERROR_KEYS.timeout;
  }
  return ERROR_KEYS.generic;
}
