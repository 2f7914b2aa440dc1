import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { earlyRequest, requestKey } from '../../src/boot/early-request.ts';
import type { AcceptedContext } from '../../src/bridge/parent-bridge.ts';
import { PAGE_SIZE } from '../../src/notes/notes-model.ts';
import { fakeContext } from '../fakes/fake-context.ts';

const CONFIG = { basePath: '/', apiBase: '/api/v1' };
const accepted = (playerData: AcceptedContext['context']['playerData'] = null): AcceptedContext => ({
  context: { ...fakeContext(), playerData },
  parentHost: 'lex.infosysapps.com',
  requestId: 'LOADED',
});

test('on / without player data: GET /notes/recent with the five session headers', () => {
  const a = accepted();
  const r = earlyRequest(a, '/', CONFIG);
  assert.equal(r, {
    url: '/api/v1/notes/recent',
    init: {
      method: 'GET',
      headers: {
        Authorization: `Bearer ${a.context.user.token}`,
        rootorg: a.context.rootOrg,
        org: a.context.org,
        domain: 'lex.infosysapps.com',
        wid: a.context.user.userId,
      },
    },
  });
});

test('on / with player data: POST /notes/fetch for the resource, newest first, one page', () => {
  const r = earlyRequest(accepted({ resourceId: 'res-1' }), '/', CONFIG);
  assert.is(r?.url, '/api/v1/notes/fetch');
  assert.is(r?.init.method, 'POST');
  assert.is(r?.init.body, JSON.stringify({ refId: 'res-1', order: 'newest', limit: PAGE_SIZE }));
  assert.is(new Headers(r?.init.headers).get('content-type'), 'application/json');
});

test('on /view, the newest page of all notes; on /course, the course list', () => {
  const view = earlyRequest(accepted({ resourceId: 'res-1' }), '/view', CONFIG);
  assert.is(view?.url, '/api/v1/notes/fetch');
  assert.is(view?.init.body, JSON.stringify({ order: 'newest', limit: PAGE_SIZE }), 'not the resource’s');
  const course = earlyRequest(accepted(), '/course/', CONFIG);
  assert.equal(
    [course?.url, course?.init.method, course?.init.body],
    ['/api/v1/notes/list/course', 'GET', undefined],
  );
});

test('under a base path, paths are read below it; other screens get no early call', () => {
  const base = { basePath: '/notes/', apiBase: '/notes/api/v1' };
  assert.is(earlyRequest(accepted(), '/notes/', base)?.url, '/notes/api/v1/notes/recent');
  assert.is(earlyRequest(accepted(), '/notes', base)?.url, '/notes/api/v1/notes/recent');
  assert.is(earlyRequest(accepted(), '/notes/view', base)?.url, '/notes/api/v1/notes/fetch');
  for (const path of ['/notes/course/c1', '/notes/error', '/notes/ui', '/notes/no/such'])
    assert.is(earlyRequest(accepted(), path, base), null, path);
});

test('requestKey: equal for the same call however the headers are written', () => {
  const r = earlyRequest(accepted({ resourceId: 'res-1' }), '/', CONFIG);
  if (!r) throw new Error('no request');
  const asWretch = {
    method: 'POST',
    body: r.init.body,
    headers: new Headers({
      ...(r.init.headers as Record<string, string>),
      'Content-Type': 'application/json',
    }),
    signal: new AbortController().signal,
  };
  assert.ok(requestKey(r.url, r.init));
  assert.is(requestKey(r.url, asWretch), requestKey(r.url, r.init));
});

test('requestKey: differs by method, URL, body and each session header; uploads never match', () => {
  const r = earlyRequest(accepted({ resourceId: 'res-1' }), '/', CONFIG);
  if (!r) throw new Error('no request');
  const base = requestKey(r.url, r.init);
  const headers = r.init.headers as Record<string, string>;
  assert.is.not(requestKey(r.url, { ...r.init, method: 'GET' }), base);
  assert.is.not(requestKey(`${r.url}?x`, r.init), base);
  assert.is.not(requestKey(r.url, { ...r.init, body: '{}' }), base);
  for (const name of ['Authorization', 'rootorg', 'org', 'domain', 'wid'])
    assert.is.not(requestKey(r.url, { ...r.init, headers: { ...headers, [name]: 'other' } }), base, name);
  assert.is(requestKey(r.url, { ...r.init, body: new FormData() }), null);
});

test.run();
