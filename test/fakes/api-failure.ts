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

/**
 * Asserts `parse()` throws `ApiError('invalid-response')` naming `field`, as a response parser
 * (src/api/parse-*.ts) does for a bad field.
 */
export function rejectsField(parse: () => unknown, field: string): void {
  try {
    parse();
  } catch (e) {
    if (!isApiError(e)) throw new Error(`expected ApiError on ${field}, got ${String(e)}`);
    if (e.kind !== 'invalid-response' || e.message !== `Invalid response field: ${field}`)
      throw new Error(`expected invalid-response on ${field}, got ${e.kind}: ${e.message}`);
    return;
  }
  throw new Error(`expected invalid-response on ${field}`);
}
