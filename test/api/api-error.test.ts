import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, isApiError, TIMEOUT_MESSAGE } from '../../src/api/api-error.ts';

test('ApiError is an Error with kind, status and body', () => {
  const e = new ApiError('http', 'bad', 400, { error: 'bad' });
  assert.ok(e instanceof Error);
  assert.is(e.name, 'ApiError');
  assert.is(e.kind, 'http');
  assert.is(e.message, 'bad');
  assert.is(e.status, 400);
  assert.equal(e.body, { error: 'bad' });
});

test('status and body default to null; cause is kept when given', () => {
  const cause = new TypeError('Failed to fetch');
  const e = new ApiError('network', 'Network error', null, null, cause);
  assert.is(e.status, null);
  assert.is(e.body, null);
  assert.is(e.cause, cause);
  assert.is(new ApiError('timeout', TIMEOUT_MESSAGE).cause, undefined);
});

test('isApiError narrows only ApiError', () => {
  assert.ok(isApiError(new ApiError('timeout', TIMEOUT_MESSAGE)));
  assert.not.ok(isApiError(new Error('x')));
  assert.not.ok(isApiError({ kind: 'http', status: 400 }));
  assert.not.ok(isApiError(null));
});

test.run();
