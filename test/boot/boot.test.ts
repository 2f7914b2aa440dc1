import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionHeaders } from '../../src/api/session-headers.ts';
import { createBoot } from '../../src/boot/boot.ts';
import type { AcceptedContext } from '../../src/bridge/parent-bridge.ts';
import { makeJwt } from '../fakes/fake-jwt.ts';
import { createFakeBridgeWindow } from '../fakes/fake-window.ts';

const CONFIG = {
  allowedDomains: ['infosysapps.com'],
  devParentHost: 'lex-dev.infosysapps.com',
  basePath: '/',
  apiBase: '/api/v1',
};
const ORIGIN = 'https://lex.infosysapps.com';
const context = (token: string, over: Record<string, unknown> = {}) => ({
  subApplicationName: 'NOTES',
  requestId: 'LOADED',
  parentContext: { rootOrg: 'Infosys', org: 'Infosys Ltd', user: { token, userId: 'w-1' }, ...over },
});

function boot(pathname = '/') {
  const fake = createFakeBridgeWindow();
  const fetched: { url: string; init: RequestInit | undefined }[] = [];
  const answers: Response[] = [];
  const b = createBoot({
    window: fake.window,
    config: CONFIG,
    pathname,
    fetch: async (input, init) => {
      fetched.push({ url: String(input), init });
      const answer = new Response(`answer ${fetched.length}`);
      answers.push(answer);
      return answer;
    },
    warn: () => undefined,
  });
  const fromParent = (data: unknown, origin = ORIGIN) => fake.send({ data, origin, source: fake.parent });
  return { fake, fetched, answers, boot: b, fromParent };
}
const TOKEN = makeJwt({ wid: 'w-1' });

test('says LOADED at once, and sends the first screen’s call as soon as a context is accepted', () => {
  const t = boot();
  assert.equal(t.fake.posted, [
    { message: { subApplicationName: 'NOTES', requestId: 'LOADED' }, targetOrigin: '*' },
  ]);
  assert.is(t.fetched.length, 0, 'nothing before a context');
  t.fromParent(context(TOKEN));
  assert.is(t.fetched.length, 1);
  assert.is(t.fetched[0]?.url, '/api/v1/notes/recent');
});

test('refused messages start nothing: the bridge’s checks apply before any request', () => {
  const t = boot();
  t.fromParent(context(TOKEN), 'https://infosysapps.com.evil.io');
  t.fromParent(context(TOKEN), 'null');
  t.fromParent({ subApplicationName: 'NOTES', requestId: 'LOADED', parentContext: { rootOrg: 'x' } });
  t.fake.send({ data: context(TOKEN), origin: ORIGIN, source: {} });
  assert.is(t.fetched.length, 0);
});

test('the app gets every context accepted before it ran, in order, then each new one', () => {
  const t = boot();
  t.fromParent(context(TOKEN));
  t.fromParent({ ...context(TOKEN, { org: 'Second' }), requestId: 'CONTEXT_CHANGE' });
  const seen: AcceptedContext[] = [];
  t.boot.onContext((a) => seen.push(a));
  assert.equal(
    seen.map((a) => [a.requestId, a.context.org]),
    [
      ['LOADED', 'Infosys Ltd'],
      ['CONTEXT_CHANGE', 'Second'],
    ],
  );
  t.fromParent({ ...context(TOKEN, { org: 'Third' }), requestId: 'CONTEXT_CHANGE' });
  assert.equal(seen.at(-1)?.context.org, 'Third');
  assert.is(t.fetched.length, 1, 'only the first context starts an early call');
});

test('adopt: the app’s identical first request gets the early response, once', async () => {
  const t = boot();
  t.fromParent(context(TOKEN));
  const sent = t.fetched[0];
  if (!sent) throw new Error('no early request');
  const adopted = t.boot.adopt(sent.url, { ...sent.init, signal: new AbortController().signal });
  assert.ok(adopted);
  assert.is(await adopted?.then((r) => r.text()), 'answer 1');
  assert.is(t.boot.adopt(sent.url, sent.init), undefined, 'a second identical request fetches itself');
});

test('adopt: a different first request gets nothing, and the early answer is given up', () => {
  const t = boot();
  t.fromParent(context(TOKEN));
  const sent = t.fetched[0];
  if (!sent) throw new Error('no early request');
  assert.is(
    t.boot.adopt('/api/v1/notes/fetch', { method: 'POST', body: '{}', headers: sent.init?.headers }),
    undefined,
  );
  assert.is(t.boot.adopt(sent.url, sent.init), undefined);
});

test('adopt: another token (a CONTEXT_CHANGE in between) does not match', () => {
  const t = boot();
  t.fromParent(context(TOKEN));
  const sent = t.fetched[0];
  if (!sent) throw new Error('no early request');
  const headers = { ...(sent.init?.headers as Record<string, string>), Authorization: 'Bearer other' };
  assert.is(t.boot.adopt(sent.url, { ...sent.init, headers }), undefined);
});

test('no early call away from `/`, nor once the app listens', () => {
  const away = boot('/course/c1');
  away.fromParent(context(TOKEN));
  assert.is(away.fetched.length, 0);
  const late = boot();
  late.boot.onContext(() => undefined);
  late.fromParent(context(TOKEN));
  assert.is(late.fetched.length, 0, 'the app makes its own calls once it runs');
});

test('a failed early call is the adopter’s to see, and nobody else’s', async () => {
  const fake = createFakeBridgeWindow();
  const b = createBoot({
    window: fake.window,
    config: CONFIG,
    pathname: '/',
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    warn: () => undefined,
  });
  let unhandled = 0;
  const count = () => {
    unhandled += 1;
  };
  process.on('unhandledRejection', count);
  fake.send({ data: context(TOKEN), origin: ORIGIN, source: fake.parent });
  await new Promise((r) => setTimeout(r, 10));
  process.off('unhandledRejection', count);
  assert.is(unhandled, 0);
  const url = '/api/v1/notes/recent';
  const session = { token: TOKEN, rootOrg: 'Infosys', org: 'Infosys Ltd', wid: 'w-1' };
  const headers = sessionHeaders({ ...session, domain: 'lex.infosysapps.com' });
  const adopted = b.adopt(url, { method: 'GET', headers });
  assert.ok(adopted);
  await adopted?.then(
    () => assert.unreachable('should reject'),
    (e: unknown) => assert.instance(e, TypeError),
  );
});

test('seek messages go to the accepted parent only', () => {
  const t = boot();
  const seek = { subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r1', seconds: 3 } as const;
  assert.is(t.boot.post(seek), false);
  t.fromParent(context(TOKEN));
  assert.is(t.boot.post(seek), true);
  assert.equal(t.fake.posted.at(-1), { message: seek, targetOrigin: ORIGIN });
});

test.run();
