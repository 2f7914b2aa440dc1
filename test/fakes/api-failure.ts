/**
 * Awaits a promise that must reject with an `ApiError` and returns that error, so API tests can
 * assert on its kind, status and body; anything else fails the test.
 */
import { type ApiError, isApiError } from '../../src/api/api-error.ts';

/** The rejection of `p`, asserted to be an ApiError. */
export async function apiFailure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw new Error(`expected ApiError, got ${String(e)}`);
  }
  throw new Error('expected a rejection');
}
