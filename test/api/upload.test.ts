import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ApiError, isAborted } from '../../src/api/api-error.ts';
import { createHttpClient, type HttpClientDeps, type SessionHeaders } from '../../src/api/http-client.ts';
import { type UploadOptions, upload, type XhrFactory } from '../../src/api/upload.ts';
import { apiFailure } from '../fakes/api-failure.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { createFakeFetch, jsonResponse, textResponse } from '../fakes/fake-fetch.ts';
import { SESSION, SESSION_HEADERS } from '../fakes/fake-session.ts';
import { createFakeXhr, type FakeXhr } from '../fakes/fake-xhr.ts';

const any = (v: unknown) => v;

/** `upload` over a real HTTP client, through `xhr`'s requests when given. */
const uploader = (deps: HttpClientDeps, xhr?: XhrFactory) => {
  const client = createHttpClient(deps);
  return {
    upload: <T>(path: string, form: FormData, parse: (v: unknown) => T, options?: UploadOptions) =>
      upload(client, xhr, path, form, parse, options),
  };
};

/** An uploader with an XHR factory (and a fake fetch that uploads must not use). */
const setup = (onSend?: (x: FakeXhr) => void, headers: () => SessionHeaders | null = () => SESSION) => {
  const fake = createFakeFetch();
  const xhrs = createFakeXhr(onSend);
  const clock = createFakeClock();
  const http = uploader({ fetch: fake.fetch, baseUrl: '/api/v1', headers, ...clock }, xhrs.xhr);
  return { http, fake, xhrs, clock };
};

/** Waits until `ready()` holds (the upload code is loaded lazily, so the XHR appears a little later). */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ready(); i++) await new Promise((r) => setTimeout(r, 1));
  assert.ok(ready(), 'condition not reached');
}

const form = () => {
  const f = new FormData();
  f.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'shot.png');
  return f;
};

test('upload goes through XMLHttpRequest with exactly the five headers, reports progress, parses the answer', async () => {
  const { http, fake, xhrs } = setup();
  const seen: [number, number][] = [];
  const body = form();
  const p = http.upload('/file/upload', body, any, { onProgress: (l, t) => seen.push([l, t]) });
  await until(() => xhrs.made.length === 1 && xhrs.last().sent);
  const x = xhrs.last();
  assert.is(x.method, 'POST');
  assert.is(x.url, '/api/v1/file/upload');
  assert.equal(x.headers, SESSION_HEADERS, 'no Content-Type: the browser sets the multipart boundary');
  assert.is(x.body, body);
  x.progress(0, 1000);
  x.progress(400, 1000);
  x.progress(500, 0, false); // length unknown: not reported
  x.progress(1000, 1000);
  x.respond(200, JSON.stringify({ url: '/api/v1/files/a.png' }));
  assert.equal(await p, { url: '/api/v1/files/a.png' });
  assert.equal(seen, [
    [0, 1000],
    [400, 1000],
    [1000, 1000],
  ]);
  assert.is(fake.requests.length, 0, 'fetch was not used');
});

test('without an XHR factory, upload falls back to fetch (no progress)', async () => {
  const fake = createFakeFetch(() => jsonResponse(200, { ok: 1 }));
  const clock = createFakeClock();
  const http = uploader({ fetch: fake.fetch, baseUrl: '/api/v1', headers: () => SESSION, ...clock });
  let progressed = false;
  const body = form();
  assert.equal(await http.upload('/file/upload', body, any, { onProgress: () => (progressed = true) }), {
    ok: 1,
  });
  assert.is(fake.last().body, body);
  assert.equal(fake.last().headers, SESSION_HEADERS);
  assert.not.ok(progressed);
});

test('a URL containing /auth carries no session headers on the XHR path either', async () => {
  const { http, xhrs } = setup((x) => x.respond(200, '{}'));
  await http.upload('/auth/avatar', form(), any);
  assert.equal(xhrs.last().headers, {});
});

test('no session yet: no session headers', async () => {
  const { http, xhrs } = setup(
    (x) => x.respond(200, '{}'),
    () => null,
  );
  await http.upload('/file/upload', form(), any);
  assert.equal(xhrs.last().headers, {});
});

/** The failure of the same answer through fetch and through XHR, to compare them. */
async function bothWays(
  status: number,
  text: string,
  type = 'application/json',
): Promise<[ApiError, ApiError]> {
  const viaXhr = setup((x) => x.respond(status, text));
  const fake = createFakeFetch(() => textResponse(status, text, type));
  const viaFetch = uploader({ fetch: fake.fetch, baseUrl: '/api/v1', headers: () => SESSION });
  return [
    await apiFailure(viaFetch.upload('/file/upload', form(), any)),
    await apiFailure(viaXhr.http.upload('/file/upload', form(), any)),
  ];
}

const shape = (e: ApiError) => ({ kind: e.kind, status: e.status, message: e.message, body: e.body });

test('HTTP errors fail exactly as through fetch: kind http, status, parsed body, message', async () => {
  const cases: [number, string][] = [
    [413, JSON.stringify({ error: 'file must be at most 5 MiB' })],
    [415, JSON.stringify({ error: 'not an image', extra: true })],
    [401, JSON.stringify({ error: `token ${SESSION.token} expired` })],
    [403, JSON.stringify({ error: 'forbidden' })],
    [500, 'Internal Server Error'],
    [502, '<html>Bad gateway</html>'],
    [503, ''],
    [404, JSON.stringify(['x'])],
  ];
  for (const [status, text] of cases) {
    const [viaFetch, viaXhr] = await bothWays(status, text);
    assert.equal(shape(viaXhr), shape(viaFetch), `${status} ${text}`);
    assert.is(viaXhr.kind, 'http');
    assert.is(viaXhr.status, status);
  }
});

test('the token is cut out of an echoed error, on the XHR path too', async () => {
  const [, e] = await bothWays(401, JSON.stringify({ error: `token ${SESSION.token} expired` }));
  assert.is(e.message, 'token [redacted] expired');
  assert.not.ok(JSON.stringify(e.body).includes(SESSION.token));
});

test('a 2xx that is not JSON → invalid-response; a parser error passes through', async () => {
  const [viaFetch, viaXhr] = await bothWays(200, '<html>login</html>');
  assert.equal(shape(viaXhr), shape(viaFetch));
  assert.is(viaXhr.kind, 'invalid-response');
  const { http } = setup((x) => x.respond(200, '{"size":null}'));
  const bad = await apiFailure(
    http.upload('/file/upload', form(), () => {
      throw viaXhr;
    }),
  );
  assert.is(bad, viaXhr);
});

test('a 204 answer is an invalid response (no JSON), not a crash', async () => {
  const { http } = setup((x) => x.respond(204, ''));
  assert.is((await apiFailure(http.upload('/file/upload', form(), any))).kind, 'invalid-response');
});

test('a failed connection → kind network, status null, as fetch failures', async () => {
  const { http, xhrs, clock } = setup((x) => x.fail());
  const e = await apiFailure(http.upload('/file/upload', form(), any));
  assert.equal([e.kind, e.status, e.message], ['network', null, 'Network error']);
  assert.is(clock.pending(), 0);
  assert.is(xhrs.made.length, 1);
});

test('an abort the client did not ask for (page unloading) is a network failure', async () => {
  const { http } = setup((x) => x.abort());
  assert.is((await apiFailure(http.upload('/file/upload', form(), any))).kind, 'network');
});

test('timeout: the XHR is aborted and the call fails with "Timeout has occurred"', async () => {
  const { http, xhrs, clock } = setup();
  const p = apiFailure(http.upload('/file/upload', form(), any));
  await until(() => xhrs.made.length === 1 && xhrs.last().sent);
  clock.tick(599_999);
  assert.not.ok(xhrs.last().aborted);
  clock.tick(1);
  const e = await p;
  assert.equal([e.kind, e.message, e.status], ['timeout', 'Timeout has occurred', null]);
  assert.ok(xhrs.last().aborted);
  assert.is(clock.pending(), 0);
});

test('the caller’s signal aborts the XHR and rejects with kind aborted; progress stops', async () => {
  const { http, xhrs, clock } = setup();
  const caller = new AbortController();
  const seen: number[] = [];
  const p = apiFailure(
    http.upload('/file/upload', form(), any, { signal: caller.signal, onProgress: (l) => seen.push(l) }),
  );
  await until(() => xhrs.made.length === 1 && xhrs.last().sent);
  xhrs.last().progress(10, 100);
  caller.abort();
  const e = await p;
  assert.ok(isAborted(e));
  assert.ok(xhrs.last().aborted);
  assert.is(clock.pending(), 0);
  xhrs.last().respond(200, '{}'); // too late: ignored
  assert.equal(seen, [10]);
});

test('an already-aborted signal rejects without making an XHR', async () => {
  const { http, xhrs } = setup();
  const caller = new AbortController();
  caller.abort();
  const e = await apiFailure(http.upload('/file/upload', form(), any, { signal: caller.signal }));
  assert.ok(isAborted(e));
  await new Promise((r) => setTimeout(r, 5));
  assert.is(xhrs.made.length, 0);
});

test('the fetch fallback also honours the signal', async () => {
  const fake = createFakeFetch((): Promise<Response> => new Promise(() => {}));
  const http = uploader({ fetch: fake.fetch, baseUrl: '/api/v1', headers: () => SESSION });
  const caller = new AbortController();
  const p = apiFailure(http.upload('/file/upload', form(), any, { signal: caller.signal }));
  await until(() => fake.requests.length === 1);
  caller.abort();
  assert.ok(isAborted(await p));
});

test.run();
