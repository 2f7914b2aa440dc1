import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionHeaders } from '../../src/api/session-headers.ts';
import { createBoot } from '../../src/boot/boot.ts';
import type { AcceptedContext } from '../../src/bridge/parent-bridge.ts';
import { resolveLocale } from '../../src/i18n/locales.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { makeJwt } from '../fakes/fake-jwt.ts';
import { createFakeBridgeWindow } from '../fakes/fake-window.ts';
import { livePortalContext, portalMessage } from '../fixtures/portal-contexts.ts';

const CONFIG = {
  allowedDomains: ['infosysapps.com'],
  devParentHost: 'lex-dev.infosysapps.com',
  localParents: true,
  basePath: '/',
  apiBase: '/api/v1',
};
const ORIGIN = 'https://lex.infosysapps.com';
const context = (token: string, over: Record<string, unknown> = {}) => ({
  subApplicationName: 'NOTES',
  requestId: 'LOADED',
  parentContext: { rootOrg: 'Infosys', org: 'Infosys Ltd', user: { token, userId: 'w-1' }, ...over },
});

/** The token source's deps: ids `id-1`, `id-2`…, a fake clock at 1,000 s after the epoch. */
function tokenDeps() {
  const clock = createFakeClock();
  let ids = 0;
  const now = 1_000_000;
  return {
    clock,
    newId: () => `id-${++ids}`,
    now: () => now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  };
}

/** A boot whose app listens from the start; `seen` are the contexts it got, `unsigned` those without a token. */
function listening(pathname = '/') {
  const t = boot(pathname);
  const seen: AcceptedContext[] = [];
  const unsigned: AcceptedContext[] = [];
  t.boot.onContext(
    (a) => seen.push(a),
    (a) => unsigned.push(a),
  );
  return { ...t, seen, unsigned };
}

const LOCALES = { ar: '/locales/ar-AAAA.json', hi: '/locales/hi-BBBB.json' };

function boot(pathname = '/') {
  const fake = createFakeBridgeWindow();
  const { clock, ...timing } = tokenDeps();
  const fetched: { url: string; init: RequestInit | undefined }[] = [];
  const answers: Response[] = [];
  const warmed: { locale: string; fetchedBefore: number }[] = [];
  const b = createBoot({
    window: fake.window,
    config: CONFIG,
    pathname,
    locales: LOCALES,
    fetch: async (input, init) => {
      fetched.push({ url: String(input), init });
      const answer = new Response(`answer ${fetched.length}`);
      answers.push(answer);
      return answer;
    },
    warn: () => undefined,
    ...timing,
    warm: (locale) => warmed.push({ locale, fetchedBefore: fetched.length }),
  });
  const fromParent = (data: unknown, origin = ORIGIN) => fake.send({ data, origin, source: fake.parent });
  return { fake, fetched, answers, warmed, boot: b, fromParent, clock };
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
    locales: LOCALES,
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    warn: () => undefined,
    ...tokenDeps(),
    warm: () => undefined,
  });
  let unhandled = 0;
  const count = () => {
    unhandled += 1;
  };
  process.on('unhandledRejection', count);
  fake.send({ data: context(TOKEN, { locale: 'ar' }), origin: ORIGIN, source: fake.parent });
  await new Promise((r) => setTimeout(r, 10));
  process.off('unhandledRejection', count);
  assert.is(unhandled, 0, 'neither the API call nor the catalogue');
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

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The portal's answer to AUTH_REQUEST `id`, as the real portal posts it. */
const authResponse = (id: string, token: unknown) => ({
  app: 'WEB_PORTAL',
  type: 'AUTH_RESPONSE',
  state: 'NONE',
  plugin: 'NONE',
  data: { token, id },
});
/** The portal's message as the live Sunbird CB portal sends it (no org, no token), at 18px in Hindi. */
const portalContext = (requestId = 'LOADED') =>
  portalMessage(livePortalContext({ fontSize: '18px', locale: 'hi-IN' }), requestId);
const lastRequestId = (t: ReturnType<typeof boot>): string => {
  const last = t.fake.posted.at(-1)?.message as { type?: string; data?: { id?: string } };
  assert.is(last.type, 'AUTH_REQUEST');
  return last.data?.id ?? '';
};
const RAVI = makeJwt({ wid: 'w-ravi', given_name: 'Ravi', family_name: 'Kumar', exp: 2_000 });

test('a context without a token: AUTH_REQUEST to the portal’s origin, then the context with its token', () => {
  const t = listening();
  const { seen } = t;
  t.fromParent(portalContext());
  assert.equal(t.fake.posted.at(-1), {
    message: { subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: { id: 'id-1' } },
    targetOrigin: ORIGIN,
  });
  assert.is(seen.length, 0, 'nothing without a token');
  t.fromParent(authResponse('id-1', RAVI));
  return settle().then(() => {
    assert.is(seen.length, 1);
    const user = seen[0]?.context.user;
    assert.equal(user, {
      token: RAVI,
      email: '',
      firstName: 'ravi.kumar',
      lastName: 'Kumar',
      userId: 'w-ravi',
      roles: ['public'],
    });
    assert.is(seen[0]?.context.org, 'igot', 'org is rootOrg');
    assert.is(seen[0]?.context.fontSize, 'x-large');
  });
});

test('the early call waits for the portal’s token and carries it, org = rootOrg and wid from the token', async () => {
  const t = boot();
  t.fromParent(portalContext());
  const api = () => t.fetched.filter((f) => f.url.startsWith('/api/'));
  assert.is(api().length, 0, 'its catalogue may go (it needs no token), not the API call');
  t.fromParent(authResponse(lastRequestId(t), RAVI));
  await settle();
  const headers = api()[0]?.init?.headers as Record<string, string>;
  assert.is(headers.Authorization, `Bearer ${RAVI}`);
  assert.is(headers.org, 'igot');
  assert.is(headers.wid, 'w-ravi');
});

test('a malformed or foreign AUTH_RESPONSE is ignored: nothing changes, nothing throws', async () => {
  const t = listening();
  const { seen } = t;
  t.fromParent(portalContext());
  const id = lastRequestId(t);
  t.fake.send({ data: authResponse(id, RAVI), origin: ORIGIN, source: {} }); // a sibling frame
  t.fromParent(authResponse(id, RAVI), 'https://other.infosysapps.com'); // another allowed origin
  t.fromParent(authResponse(id, RAVI), 'https://evil.example');
  t.fromParent(authResponse('id-999', RAVI)); // a wrong id
  for (const token of [undefined, null, '', '  ', 42, { token: RAVI }, 'x'.repeat(20000)]) {
    t.fromParent(authResponse(id, token));
  }
  t.fromParent({ app: 'WEB_PORTAL', type: 'AUTH_RESPONSE' });
  t.fromParent({ app: 'WEB_PORTAL', type: 'AUTH_RESPONSE', data: 'token' });
  await settle();
  assert.is(seen.length, 0);
  assert.is(t.fetched.length, 0);
  t.fromParent(authResponse(id, RAVI));
  await settle();
  assert.is(seen.length, 1, 'the real answer still counts');
});

test('no answer in 5 s: the app hears of the context without a token; Retry asks again', async () => {
  const t = listening();
  const { seen, unsigned } = t;
  t.fromParent(portalContext());
  t.clock.tick(4999);
  await settle();
  assert.is(unsigned.length, 0);
  t.clock.tick(1);
  await settle();
  assert.is(unsigned.length, 1);
  assert.is(unsigned[0]?.context.locale, 'hi-IN', 'its locale and theme can still be applied');
  t.fromParent(authResponse('id-1', RAVI)); // too late: that id is no longer pending
  await settle();
  assert.is(seen.length, 0);
  t.boot.retry();
  assert.is(lastRequestId(t), 'id-2');
  t.fromParent(authResponse('id-2', RAVI));
  await settle();
  assert.is(seen.length, 1);
});

test('an app that starts after the 5 s still hears that no token came', async () => {
  const t = boot();
  t.fromParent(portalContext());
  t.clock.tick(5000);
  await settle();
  const unsigned: AcceptedContext[] = [];
  t.boot.onContext(
    () => undefined,
    (a) => unsigned.push(a),
  );
  assert.is(unsigned.length, 1);
});

test('a CONTEXT_CHANGE without a token reuses the portal’s token: no second AUTH_REQUEST', async () => {
  const t = listening();
  const { seen } = t;
  t.fromParent(portalContext());
  t.fromParent(authResponse('id-1', RAVI));
  await settle();
  const asked = t.fake.posted.length;
  t.fromParent(portalContext('CONTEXT_CHANGE'));
  assert.is(seen.length, 2, 'delivered at once');
  assert.is(seen[1]?.requestId, 'CONTEXT_CHANGE');
  assert.is(seen[1]?.context.user.userId, 'w-ravi');
  assert.is(t.fake.posted.length, asked);
});

test('a context whose token expires within a minute asks for a fresh one first', async () => {
  const t = listening(); // now = 1,000 s
  const { seen } = t;
  const expiring = makeJwt({ wid: 'w-1', exp: 1_030 });
  t.fromParent(context(expiring));
  assert.is(seen.length, 0);
  const fresh = makeJwt({ wid: 'w-1', exp: 5_000 });
  t.fromParent(authResponse(lastRequestId(t), fresh));
  await settle();
  assert.is(seen[0]?.context.user.token, fresh);
});

test('an expired token of the portal’s own and no answer: the context still comes with it (the API says 401)', async () => {
  const t = listening(); // now = 1,000 s
  const { seen } = t;
  const expired = makeJwt({ wid: 'w-1', exp: 900 });
  t.fromParent(context(expired));
  t.clock.tick(5000);
  await settle();
  assert.is(seen[0]?.context.user.token, expired);
  assert.is(await t.boot.tokens.get(), '', 'nothing worth sending, and no second 5 s wait');
  assert.is(t.fake.posted.length, 2, 'LOADED and one AUTH_REQUEST');
});

test('the portal handing over another learner’s token is a learner change, and no request gets it', async () => {
  const t = listening();
  const { seen } = t;
  t.fromParent(portalContext());
  t.fromParent(authResponse('id-1', RAVI));
  await settle();
  const refreshed = t.boot.tokens.refresh(RAVI); // a 401
  const other = makeJwt({ wid: 'w-meera', given_name: 'Meera', exp: 5_000 });
  t.fromParent(authResponse(lastRequestId(t), other));
  assert.is(await refreshed, null, 'the 401’d request is not sent again with it');
  assert.is(seen.length, 2);
  assert.is(seen[1]?.requestId, 'CONTEXT_CHANGE');
  assert.equal(seen[1]?.context.user, {
    token: other,
    email: '',
    firstName: 'Meera',
    lastName: '',
    userId: 'w-meera',
    roles: [],
  });
  assert.is(await t.boot.tokens.get(), other, 'the session is theirs from now on');
});

test('the first context’s catalogue is fetched with the first call, and adopted once by its URL', async () => {
  const t = boot();
  t.fromParent(context(TOKEN, { locale: 'ar-EG' }));
  assert.equal(
    t.fetched.map((f) => f.url),
    [LOCALES.ar, '/api/v1/notes/recent'],
  );
  assert.equal(t.boot.locales, LOCALES);
  assert.is(t.boot.adoptCatalogue(LOCALES.hi), undefined, 'another URL gets nothing');
  assert.is(await t.boot.adoptCatalogue(LOCALES.ar)?.then((r) => r.text()), 'answer 1');
  assert.is(t.boot.adoptCatalogue(LOCALES.ar), undefined, 'once: a retry fetches afresh');
  t.fromParent({ ...context(TOKEN, { locale: 'hi' }), requestId: 'CONTEXT_CHANGE' });
  assert.is(t.fetched.length, 2, 'only the first context’s');
});

test('a context without a token: its catalogue is asked for at once, before the token comes (or never does)', async () => {
  const t = boot();
  t.fromParent(portalContext()); // hi-IN, no token: AUTH_REQUEST goes out
  assert.equal(
    t.fetched.map((f) => f.url),
    [LOCALES.hi],
    'the catalogue, and no API call yet',
  );
  t.fromParent(authResponse(lastRequestId(t), RAVI));
  await settle();
  assert.equal(
    t.fetched.map((f) => f.url.split('?')[0]),
    [LOCALES.hi, '/api/v1/notes/recent'],
    'the catalogue once; the API call with the token',
  );
});

test('an app that listens hears of a context whose token is still to come at once, to fetch its look meanwhile', async () => {
  const t = boot();
  const early: string[] = [];
  const seen: string[] = [];
  t.fromParent(portalContext()); // before the app runs: its catalogue fetched here, not told
  t.boot.onContext(
    (a) => seen.push(a.context.locale),
    undefined,
    (a) => early.push(a.context.locale),
  );
  assert.equal(early, []);
  assert.equal(
    t.fetched.map((f) => f.url),
    [LOCALES.hi],
  );
  t.fromParent(portalMessage(livePortalContext({ fontSize: '18px', locale: 'ar' }), 'CONTEXT_CHANGE')); // while the app runs
  assert.equal(early, ['ar'], 'told at once');
  assert.equal(seen, [], 'no context delivered without its token');
  t.fromParent(authResponse(lastRequestId(t), RAVI));
  await settle();
  assert.equal(seen, ['ar']);
  assert.equal(early, ['ar'], 'a context with its token is not "waiting"');
});

test('English, or a locale without a catalogue: no catalogue request', () => {
  for (const locale of ['en', 'pt-BR', undefined]) {
    const t = boot();
    t.fromParent(context(TOKEN, locale ? { locale } : {}));
    assert.equal(
      t.fetched.map((f) => f.url),
      ['/api/v1/notes/recent'],
      String(locale),
    );
  }
});

test('the first context’s locale has its Intl data loaded in a task after the first call, once', () => {
  const cases: [string | undefined, string][] = [
    ['ar-EG', 'ar'],
    ['hi', 'hi'],
    ['en-GB', 'en'],
    ['pt-BR', 'en'], // no catalogue: the app shows English
    [undefined, 'en'],
  ];
  for (const [locale, shown] of cases) {
    // The early start's cheaper copy of the app's choice of locale gives the same answer.
    assert.is(resolveLocale(locale ?? 'en', [...Object.keys(LOCALES), 'en']), shown, String(locale));
    const t = boot();
    t.fromParent(context(TOKEN, locale ? { locale } : {}));
    assert.equal(t.warmed, [], `${locale}: not in the task that sends the first call`);
    t.clock.tick(0);
    assert.equal(
      t.warmed,
      [{ locale: shown, fetchedBefore: t.fetched.length }],
      `${locale}: after the API call${shown === 'en' ? '' : ' and the catalogue'} went out`,
    );
    assert.ok(
      t.fetched.some((f) => f.url.startsWith('/api/v1/')),
      String(locale),
    );
    t.fromParent({ ...context(TOKEN, { locale: 'hi' }), requestId: 'CONTEXT_CHANGE' });
    t.clock.tick(0);
    assert.is(t.warmed.length, 1, `${locale}: the first context only`);
  }
});

test('a context whose token is still to come has its Intl data loaded meanwhile', () => {
  const t = boot();
  t.fromParent(portalContext()); // hi-IN, no token
  t.clock.tick(0);
  assert.equal(
    t.warmed.map((w) => w.locale),
    ['hi'],
  );
});

test.run();
