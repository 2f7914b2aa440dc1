import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, isAborted } from '../../src/api/api-error.ts';
import { createHttpClient, type SessionHeaders } from '../../src/api/http-client.ts';
import { apiFailure } from '../fakes/api-failure.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { createFakeFetch, hang, jsonResponse, type Responder, textResponse } from '../fakes/fake-fetch.ts';
import { SESSION, SESSION_HEADERS } from '../fakes/fake-session.ts';

const any = (v: unknown) => v;

/** A client over a fake fetch and a fake clock. */
const setup = (
  respond?: Responder,
  headers: () => SessionHeaders | null = () => SESSION,
  timeoutMs?: number,
) => {
  const fake = createFakeFetch(respond);
  const clock = createFakeClock();
  const http = createHttpClient({
    fetch: fake.fetch,
    baseUrl: '/api/v1',
    headers,
    timeoutMs,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  return { http, fake, clock };
};

/** Lets pending promise callbacks run. */
const flush = () => new Promise<void>((r) => setImmediate(r));

test('GET carries exactly the five session headers, and returns the parsed JSON', async () => {
  const { http, fake } = setup(() => jsonResponse(200, { ok: 1 }));
  assert.equal(await http.get('/notes/recent', any), { ok: 1 });
  const req = fake.last();
  assert.is(req.url, '/api/v1/notes/recent');
  assert.is(req.method, 'GET');
  assert.equal(req.headers, SESSION_HEADERS);
  assert.is(req.body, null);
});

test('POST sends a JSON body with the five headers plus Content-Type', async () => {
  const { http, fake } = setup();
  await http.post('/notes/delete', { noteId: 'n1' }, any);
  const req = fake.last();
  assert.is(req.method, 'POST');
  assert.equal(req.headers, { ...SESSION_HEADERS, 'content-type': 'application/json' });
  assert.is(req.body, '{"noteId":"n1"}');
});

test('headers are read per request, so a context change applies at once', async () => {
  let session: SessionHeaders = SESSION;
  const { http, fake } = setup(undefined, () => session);
  await http.get('/notes/recent', any);
  session = { ...SESSION, token: 't2', wid: 'w-2' };
  await http.get('/notes/recent', any);
  assert.is(fake.requests[0]?.headers.authorization, `Bearer ${SESSION.token}`);
  assert.is(fake.requests[1]?.headers.authorization, 'Bearer t2');
  assert.is(fake.requests[1]?.headers.wid, 'w-2');
});

test('idempotencyKey adds Idempotency-Key to that request only, beside the five headers', async () => {
  const { http, fake } = setup();
  await http.post('/notes/add', { a: 1 }, any, { idempotencyKey: 'key-1' });
  await http.post('/notes/add', { a: 1 }, any);
  await http.get('/notes/recent', any, { idempotencyKey: undefined });
  assert.equal(fake.requests[0]?.headers, {
    ...SESSION_HEADERS,
    'content-type': 'application/json',
    'idempotency-key': 'key-1',
  });
  assert.equal(fake.requests[1]?.headers, { ...SESSION_HEADERS, 'content-type': 'application/json' });
  assert.equal(fake.requests[2]?.headers, SESSION_HEADERS);
});

test('no session yet (headers() is null): no session headers are sent', async () => {
  const { http, fake } = setup(undefined, () => null);
  await http.get('/notes/recent', any);
  assert.equal(fake.last().headers, {});
});

test('a URL containing /auth carries none of the session headers', async () => {
  const { http, fake } = setup();
  await http.get('/auth/token', any);
  await http.post('/auth/login', { a: 1 }, any);
  await http.get('/sso/auth/refresh', any);
  await http.get('/notes/authors', any); // docs/api.md is literal: any URL containing "/auth"
  assert.is(fake.requests.length, 4);
  assert.equal(fake.requests[0]?.headers, {});
  assert.equal(fake.requests[1]?.headers, { 'content-type': 'application/json' });
  assert.equal(fake.requests[2]?.headers, {});
  assert.equal(fake.requests[3]?.headers, {});
  assert.is(fake.requests[2]?.url, '/api/v1/sso/auth/refresh');
});

test('"auth" without a leading slash does not trigger the exception', async () => {
  const { http, fake } = setup();
  await http.get('/notes/oauth', any);
  await http.get('/notes/lex_auth_0123', any);
  assert.equal(fake.requests[0]?.headers, SESSION_HEADERS);
  assert.equal(fake.requests[1]?.headers, SESSION_HEADERS);
});

test('timeout: after timeoutMs the fetch is aborted and the call fails with "Timeout has occurred"', async () => {
  const { http, fake, clock } = setup(() => hang());
  const p = apiFailure(http.get('/notes/recent', any));
  await flush();
  clock.tick(599_999);
  await flush();
  assert.not.ok(fake.last().signal?.aborted, 'not yet');
  clock.tick(1);
  const e = await p;
  assert.is(e.kind, 'timeout');
  assert.is(e.message, 'Timeout has occurred');
  assert.is(e.status, null);
  assert.ok(fake.last().signal?.aborted, 'underlying fetch aborted');
  assert.is(clock.pending(), 0);
});

test('timeout: a custom timeoutMs is honoured', async () => {
  const { http, clock } = setup(
    () => hang(),
    () => SESSION,
    50,
  );
  const p = apiFailure(http.post('/notes/add', {}, any));
  clock.tick(50);
  assert.is((await p).kind, 'timeout');
});

test('timeout: a fetch that ignores abort still fails with the timeout', async () => {
  const clock = createFakeClock();
  const fetchIgnoringAbort = (() => new Promise(() => {})) as typeof fetch;
  const http2 = createHttpClient({ fetch: fetchIgnoringAbort, baseUrl: '', headers: () => null, ...clock });
  const p = apiFailure(http2.get('/x', any));
  clock.tick(600_000);
  assert.is((await p).message, 'Timeout has occurred');
  assert.is(clock.pending(), 0);
});

test('the timer is cleared on success, HTTP error, network error and invalid response', async () => {
  const cases: Responder[] = [
    () => jsonResponse(200, {}),
    () => jsonResponse(500, { error: 'x' }),
    () => Promise.reject(new TypeError('Failed to fetch')),
    () => textResponse(200, '<html>'),
  ];
  for (const respond of cases) {
    const { http, clock } = setup(respond);
    await http.get('/notes/recent', any).catch(() => undefined);
    assert.is(clock.pending(), 0);
  }
});

test('network failure → kind network, status null, cause kept', async () => {
  const cause = new TypeError('Failed to fetch');
  const { http } = setup(() => Promise.reject(cause));
  const e = await apiFailure(http.get('/notes/recent', any));
  assert.is(e.kind, 'network');
  assert.is(e.status, null);
  assert.is(e.body, null);
  assert.is(e.cause, cause);
});

for (const [status, error] of [
  [400, 'refId is required'],
  [401, 'invalid token'],
  [403, 'forbidden'],
  [404, 'note not found'],
  [413, 'file too large'],
  [415, 'unsupported type'],
  [500, 'internal error'],
] as const) {
  test(`HTTP ${status} with a JSON error body → kind http, status, body, message`, async () => {
    const { http } = setup(() => jsonResponse(status, { error, extra: 1 }));
    const e = await apiFailure(http.post('/notes/add', {}, any));
    assert.is(e.kind, 'http');
    assert.is(e.status, status);
    assert.equal(e.body, { error });
    assert.is(e.message, error);
  });
}

test('non-JSON or off-shape error bodies → body null, message "HTTP <status>"', async () => {
  const bodies: [number, () => Response][] = [
    [502, () => textResponse(502, '<html>Bad gateway</html>', 'text/html')],
    [500, () => textResponse(500, 'Internal Server Error', 'application/json')],
    [503, () => new Response(null, { status: 503 })],
    [400, () => jsonResponse(400, { message: 'wrong key' })],
    [404, () => jsonResponse(404, ['x'])],
    [401, () => jsonResponse(401, { error: '' })],
  ];
  for (const [status, respond] of bodies) {
    const { http } = setup(respond);
    const e = await apiFailure(http.get('/notes/recent', any));
    assert.is(e.kind, 'http');
    assert.is(e.status, status);
    assert.is(e.message, `HTTP ${status}`);
    if (status !== 401) assert.is(e.body, null);
  }
});

test('2xx that is not JSON → invalid-response', async () => {
  const { http } = setup(() => textResponse(200, '<html>login</html>', 'text/html'));
  const e = await apiFailure(http.get('/notes/recent', any));
  assert.is(e.kind, 'invalid-response');
  assert.is(e.status, null);
});

test('a parser error passes through as is', async () => {
  const { http } = setup();
  const bad = new ApiError('invalid-response', 'Invalid response field: x');
  const e = await apiFailure(
    http.get('/notes/recent', () => {
      throw bad;
    }),
  );
  assert.is(e, bad);
});

test('the token never appears in a URL or an error message, even when the server echoes it', async () => {
  const { http, fake } = setup(() => jsonResponse(401, { error: `token ${SESSION.token} expired` }));
  const e = await apiFailure(http.get('/notes/recent', any));
  assert.not.ok(e.message.includes(SESSION.token));
  assert.not.ok(JSON.stringify(e.body).includes(SESSION.token));
  assert.is(e.message, 'token [redacted] expired');
  assert.not.ok(fake.last().url.includes(SESSION.token));
  for (const respond of [() => Promise.reject(new TypeError('x')), () => hang()] as Responder[]) {
    const s = setup(respond);
    const p = apiFailure(s.http.get('/notes/recent', any));
    s.clock.tick(600_000);
    assert.not.ok((await p).message.includes(SESSION.token));
  }
});

/** A client whose fetch also records the init it was given (keepalive is not in RecordedRequest). */
const setupWithInits = (respond?: Responder) => {
  const fake = createFakeFetch(respond);
  const inits: RequestInit[] = [];
  const spy = ((input: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init ?? {});
    return fake.fetch(input, init);
  }) as typeof fetch;
  const clock = createFakeClock();
  const http = createHttpClient({ fetch: spy, baseUrl: '/api/v1', headers: () => SESSION, ...clock });
  return { http, fake, clock, inits };
};

test('a caller’s AbortSignal aborts the fetch and rejects with kind "aborted"', async () => {
  const { http, fake, clock } = setup(() => hang());
  const caller = new AbortController();
  const p = apiFailure(http.get('/notes/recent', any, { signal: caller.signal }));
  await flush();
  assert.is(fake.requests.length, 1);
  assert.not.ok(fake.last().signal?.aborted);
  caller.abort();
  const e = await p;
  assert.is(e.kind, 'aborted');
  assert.ok(isAborted(e));
  assert.is(e.status, null);
  assert.ok(fake.last().signal?.aborted, 'the request itself was aborted: no more bytes spent');
  assert.is(clock.pending(), 0, 'the timeout timer is cleared');
});

test('an already-aborted signal rejects at once, without fetching', async () => {
  const { http, fake, clock } = setup();
  const caller = new AbortController();
  caller.abort();
  const e = await apiFailure(http.post('/notes/fetch', {}, any, { signal: caller.signal }));
  assert.is(e.kind, 'aborted');
  assert.ok(isAborted(e));
  assert.is(fake.requests.length, 0);
  assert.is(clock.pending(), 0);
});

test('isAborted is false for every other failure', async () => {
  assert.not.ok(isAborted(new ApiError('timeout', 'Timeout has occurred')));
  assert.not.ok(isAborted(new ApiError('network', 'x')));
  assert.not.ok(isAborted(new ApiError('http', 'x', 500)));
  assert.not.ok(isAborted(new DOMException('The operation was aborted', 'AbortError')));
  assert.not.ok(isAborted(null));
});

test('a signal that is never aborted changes nothing', async () => {
  const { http } = setup(() => jsonResponse(200, { ok: 1 }));
  const caller = new AbortController();
  assert.equal(await http.get('/notes/recent', any, { signal: caller.signal }), { ok: 1 });
  assert.not.throws(() => caller.abort(), 'aborting after the answer is harmless');
});

test('aborting after the answer arrived does not turn it into a failure', async () => {
  const { http } = setup(() => jsonResponse(200, { ok: 1 }));
  const caller = new AbortController();
  const p = http.get('/notes/recent', any, { signal: caller.signal });
  const result = await p;
  caller.abort();
  assert.equal(result, { ok: 1 });
});

test('an HTTP error is still an HTTP error when a signal was passed', async () => {
  const { http } = setup(() => jsonResponse(404, { error: 'gone' }));
  const e = await apiFailure(
    http.post('/notes/delete', { noteId: 'x' }, any, { signal: new AbortController().signal }),
  );
  assert.is(e.kind, 'http');
  assert.is(e.status, 404);
});

test('keepalive: true reaches fetch’s init; without it, no keepalive', async () => {
  const { http, inits } = setupWithInits();
  await http.post('/notes/delete', { noteId: 'n1' }, any, { keepalive: true });
  await http.post('/notes/delete', { noteId: 'n1' }, any);
  await http.post('/notes/delete', { noteId: 'n1' }, any, { keepalive: false });
  assert.is(inits[0]?.keepalive, true);
  assert.not.ok(inits[1]?.keepalive);
  assert.not.ok(inits[2]?.keepalive);
  assert.ok(inits[0]?.signal instanceof AbortSignal, 'the timeout still applies to a keepalive request');
});

test('the timeout still wins as "timeout" when the caller passed a signal', async () => {
  const { http, fake, clock } = setup(() => hang());
  const caller = new AbortController();
  const p = apiFailure(http.get('/notes/recent', any, { signal: caller.signal }));
  await flush();
  clock.tick(600_000);
  const e = await p;
  assert.is(e.kind, 'timeout');
  assert.is(e.message, 'Timeout has occurred');
  assert.not.ok(caller.signal.aborted, 'the caller’s own signal is left alone');
  assert.ok(fake.last().signal?.aborted);
});

test('a caller abort after the timeout fired keeps the timeout', async () => {
  const { http, clock } = setup(() => hang());
  const caller = new AbortController();
  const p = apiFailure(http.get('/notes/recent', any, { signal: caller.signal }));
  await flush();
  clock.tick(600_000);
  caller.abort();
  assert.is((await p).kind, 'timeout');
});

test('one caller’s abort leaves other requests alone', async () => {
  const { http, fake } = setup(() => hang());
  const a = new AbortController();
  const first = apiFailure(http.get('/notes/recent', any, { signal: a.signal }));
  void http.get('/notes/list/course', any).catch(() => undefined);
  await flush();
  a.abort();
  assert.is((await first).kind, 'aborted');
  assert.not.ok(fake.requests[1]?.signal?.aborted);
});

test.run();
