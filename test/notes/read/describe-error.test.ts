import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, TIMEOUT_MESSAGE } from '../../../src/api/api-error.ts';
import { describeProblem, PROBLEM_MESSAGES, type Problem } from '../../../src/notes/read/describe-error.ts';

/** describeProblem, which is pure now: it never opens the error page itself (the notes model does). */
const describe = (error: unknown) => ({ problem: describeProblem(error) });

const expect = (kind: Problem['kind'], retry: boolean): Problem => ({
  kind,
  retry,
  message: PROBLEM_MESSAGES[kind],
});

test('timeout → "Timeout has occurred", with Retry', () => {
  const { problem } = describe(new ApiError('timeout', TIMEOUT_MESSAGE));
  assert.equal(problem, expect('timeout', true));
  assert.is(problem.message, 'Timeout has occurred');
});

test('network → offline, with Retry', () => {
  assert.equal(describe(new ApiError('network', 'Network error')).problem, expect('offline', true));
});

test('401 → session expired, no Retry', () => {
  const { problem } = describe(new ApiError('http', 'x', 401, { error: 'no token' }));
  assert.equal(problem, expect('session', false));
  assert.is(problem.message, 'Your session has expired. Sign in again in the portal.');
});

test('403 → forbidden, no Retry (the caller opens the error page)', () => {
  const { problem } = describe(new ApiError('http', 'x', 403, { error: 'forbidden' }));
  assert.equal(problem, expect('forbidden', false));
});

test('5xx → server, with Retry', () => {
  for (const status of [500, 502, 503, 504, 599])
    assert.equal(describe(new ApiError('http', 'x', status)).problem, expect('server', true), String(status));
});

test('invalid response → server, with Retry', () => {
  assert.equal(describe(new ApiError('invalid-response', 'not JSON')).problem, expect('server', true));
});

test('other statuses → other, with Retry', () => {
  for (const status of [400, 404, 409, 413, 415, 429])
    assert.equal(describe(new ApiError('http', 'x', status)).problem, expect('other', true), String(status));
});

test('not an ApiError (a bug, a plain object that looks like one) → other', () => {
  for (const error of [new Error('boom'), { status: 403 }, { kind: 'timeout' }, 'string', null, undefined]) {
    const { problem } = describe(error);
    assert.equal(problem, expect('other', true), String(error));
  }
});

test('the messages are distinct readable English, timeout exactly as docs/api.md says', () => {
  const messages = Object.values(PROBLEM_MESSAGES);
  assert.is(new Set(messages).size, messages.length);
  for (const m of messages) assert.match(m, /^[A-Z]/);
  assert.is(PROBLEM_MESSAGES.timeout, TIMEOUT_MESSAGE);
});

test.run();
