import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/api/api-error.ts';
import { createHttpClient } from '../../src/api/http-client.ts';
import { createFakeFetch, jsonResponse, type Responder } from '../fakes/fake-fetch.ts';
import { SESSION } from '../fakes/fake-session.ts';

const any = (v: unknown) => v;

/**
 * A client whose token comes from a scripted token source: `get` hands out `current`, `refresh`
 * the next of `fresh` (null: the portal gave none), recording each call.
 */
function setup(respond: Responder, fresh: (string | null)[] = []) {
  const fake = createFakeFetch(respond);
  const calls: string[] = [];
  let current = 'first-token';
  const http = createHttpClient({
    fetch: fake.fetch,
    baseUrl: '/api/v1',
    headers: () => SESSION,
    tokens: {
      get: async () => {
        calls.push('get');
        return current;
      },
      refresh: async (stale) => {
        calls.push(`refresh ${stale}`);
        const next = fresh.shift() ?? null;
        if (next) current = next;
        return next;
      },
    },
  });
  const bearer = () => fake.requests.map((r) => r.headers.authorization);
  return { http, fake, calls, bearer };
}
const unauthorized = () => jsonResponse(401, { error: 'Unauthorized: token has expired' });

test('the token comes from the token source, not from the session headers', async () => {
  const t = setup(() => jsonResponse(200, { ok: true }));
  await t.http.get('/notes/recent', any);
  assert.equal(t.bearer(), ['Bearer first-token']);
  assert.is(t.fake.last().headers.wid, SESSION.wid, 'the rest of the headers as before');
});

test('a 401 gets one fresh token and the same request again, Idempotency-Key and body unchanged', async () => {
  let n = 0;
  const t = setup(() => (++n === 1 ? unauthorized() : jsonResponse(201, { noteId: 'n1' })), ['fresh-token']);
  const body = { refId: 'r1', content: '<p>hi</p>' };
  const stored = await t.http.post('/notes/add', body, any, { idempotencyKey: 'key-1' });
  assert.equal(stored, { noteId: 'n1' });
  assert.equal(t.bearer(), ['Bearer first-token', 'Bearer fresh-token']);
  const [first, second] = t.fake.requests;
  assert.is(second?.headers['idempotency-key'], 'key-1');
  assert.is(second?.body, first?.body);
  assert.equal(t.calls, ['get', 'refresh first-token']);
});

test('a second 401 is the caller’s: no third try', async () => {
  const t = setup(unauthorized, ['fresh-token', 'another']);
  const error = await t.http.get('/notes/recent', any).then(
    () => assert.unreachable('should fail'),
    (e: unknown) => e,
  );
  assert.instance(error, ApiError);
  assert.is((error as ApiError).status, 401);
  assert.is(t.fake.requests.length, 2);
});

test('no fresh token (no answer in 5 s, another learner): the 401 as it was, nothing sent again', async () => {
  const t = setup(unauthorized, [null]);
  const error = await t.http.get('/notes/recent', any).catch((e: unknown) => e);
  assert.is((error as ApiError).status, 401);
  assert.match((error as ApiError).message, 'token has expired');
  assert.is(t.fake.requests.length, 1);
});

test('no token at all (the portal did not answer): a 401 at once, nothing sent, no second ask', async () => {
  const fake = createFakeFetch(() => jsonResponse(200, {}));
  const asked: string[] = [];
  const http = createHttpClient({
    fetch: fake.fetch,
    baseUrl: '/api/v1',
    headers: () => SESSION,
    tokens: {
      get: async () => '',
      refresh: async (stale) => {
        asked.push(stale);
        return 'late';
      },
    },
  });
  const error = await http.get('/notes/recent', any).catch((e: unknown) => e);
  assert.is((error as ApiError).status, 401);
  assert.is(fake.requests.length, 0);
  assert.equal(asked, []);
});

test('other failures never ask for a token', async () => {
  for (const status of [400, 403, 404, 409, 500]) {
    const t = setup(() => jsonResponse(status, { error: 'x' }), ['fresh-token']);
    await t.http.get('/notes/recent', any).catch(() => undefined);
    assert.equal(t.calls, ['get'], String(status));
  }
});

test('a URL containing /auth asks the token source nothing and sends no token', async () => {
  const t = setup(() => jsonResponse(200, {}));
  await t.http.get('/auth/ping', any);
  assert.equal(t.calls, []);
  assert.equal(t.fake.last().headers, {});
});

test('a 401 on a cancelled request is not retried', async () => {
  const ctl = new AbortController();
  const t = setup(() => {
    ctl.abort();
    return unauthorized();
  }, ['fresh-token']);
  await t.http.get('/notes/recent', any, { signal: ctl.signal }).catch(() => undefined);
  assert.is(t.fake.requests.length, 1);
});

test.run();
