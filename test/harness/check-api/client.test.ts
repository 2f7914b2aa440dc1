import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiClient, retryAfterMs, segment } from '../../../harness/check-api/client.ts';
import { sortedAs } from '../../../harness/check-api/order.ts';
import { makeNote } from '../api/support/notes.ts';

const it = suite('check-api client and order');

const who = { token: 'tok', wid: 'w-1', rootorg: 'r', org: 'o', domain: 'portal.test' };

it('sends the five headers (JSON type with a body), drops an overridden one, and joins the base', async () => {
  const seen: { url: string; headers: Headers }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), headers: new Headers(init?.headers) });
    return new Response('{"ok":true}', { status: 200 });
  };
  const api = apiClient('http://api.test/base/api/v1/', fetch, who, 1000);
  const a = await api.post('/notes/fetch', { limit: 1 });
  await api.as({ org: 'o2' }).get('/notes/recent', { headers: { wid: undefined } });
  assert.equal(a.json, { ok: true });
  assert.is(seen[0]!.url, 'http://api.test/base/api/v1/notes/fetch');
  assert.equal(Object.fromEntries(seen[0]!.headers), {
    authorization: 'Bearer tok',
    wid: 'w-1',
    rootorg: 'r',
    org: 'o',
    domain: 'portal.test',
    'content-type': 'application/json',
  });
  assert.equal(Object.fromEntries(seen[1]!.headers), {
    authorization: 'Bearer tok',
    rootorg: 'r',
    org: 'o2',
    domain: 'portal.test',
  });
});

it('a 429 is waited out (Retry-After) and sent again; after 6 tries the 429 is the answer', async () => {
  let calls = 0;
  const limited = async () => {
    calls++;
    return calls < 3
      ? new Response('{"error":"slow down"}', { status: 429, headers: { 'retry-after': '0' } })
      : new Response('[]', { status: 200 });
  };
  assert.is((await apiClient('http://api.test', limited, who, 1000).get('/notes/recent')).status, 200);
  assert.is(calls, 3);
  let always = 0;
  const stuck = async () => {
    always++;
    return new Response('{}', { status: 429, headers: { 'retry-after': '0' } });
  };
  assert.is((await apiClient('http://api.test', stuck, who, 1000).get('/x')).status, 429);
  assert.is(always, 6);
  assert.is(retryAfterMs(new Headers({ 'retry-after': '3' })), 3000);
  assert.is(retryAfterMs(new Headers({ 'retry-after': '3600' })), 10_000);
  assert.is(retryAfterMs(new Headers()), 1000);
});

it('path segments: - for none, URL-encoded, a leading auth escaped', () => {
  assert.is(segment(null), '-');
  assert.is(segment(''), '-');
  assert.is(segment('a b/ह'), 'a%20b%2F%E0%A4%B9');
  assert.is(segment('authoring-1'), '%61uthoring-1');
  assert.is(segment('author'), '%61uthor');
  assert.is(segment('oauth'), 'oauth');
});

it('orders compare below the millisecond (microsecond timestamps), then noteId', () => {
  const a = makeNote(1, { noteId: 'b', createdOn: '2026-01-01T00:00:00.123400Z' });
  const b = makeNote(2, { noteId: 'a', createdOn: '2026-01-01T00:00:00.123401Z' });
  const c = makeNote(3, { noteId: 'c', createdOn: '2026-01-01T00:00:00.123401Z' });
  assert.equal(
    sortedAs([a, b, c], 'newest').map((n) => n.noteId),
    ['a', 'c', 'b'],
  );
  assert.equal(
    sortedAs([c, b, a], 'oldest').map((n) => n.noteId),
    ['b', 'a', 'c'],
  );
});

it.run();
