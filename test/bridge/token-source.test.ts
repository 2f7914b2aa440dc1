import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AUTH_TIMEOUT_MS, createTokenSource } from '../../src/bridge/token-source.ts';
import type { AuthRequest } from '../../src/protocol/messages.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';
import { makeJwt } from '../fakes/fake-jwt.ts';

const NOW_S = 1_000;

/** A token source over a fake clock (at 1,000 s) whose posts and learner changes are recorded. */
function source({ canPost = true } = {}) {
  const clock = createFakeClock();
  const posted: AuthRequest[] = [];
  const others: string[] = [];
  let ids = 0;
  let fresh = 0;
  const tokens = createTokenSource({
    post: (message) => {
      if (canPost) posted.push(message);
      return canPost;
    },
    newId: () => `id-${++ids}`,
    now: () => NOW_S * 1000,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    onOtherLearner: (token) => others.push(token),
  });
  tokens.onFresh(() => {
    fresh += 1;
  });
  const answer = (token: unknown, id = posted.at(-1)?.data.id) =>
    tokens.receive({
      app: 'WEB_PORTAL',
      type: 'AUTH_RESPONSE',
      state: 'NONE',
      plugin: 'NONE',
      data: { token, id },
    });
  return { tokens, clock, posted, others, answer, fresh: () => fresh };
}
const token = (wid: string, exp = NOW_S + 3600) => makeJwt({ wid, exp });
const A = token('w-a');

test('a fit token is handed out as it is: no AUTH_REQUEST', async () => {
  const s = source();
  s.tokens.use(A);
  assert.is(s.tokens.ready(), A);
  assert.is(await s.tokens.get(), A);
  assert.is(s.posted.length, 0);
});

test('no token: one AUTH_REQUEST with a fresh id, shared by every caller waiting', async () => {
  const s = source();
  const first = s.tokens.get();
  const second = s.tokens.get();
  assert.equal(s.posted, [{ subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: { id: 'id-1' } }]);
  s.answer(A);
  assert.equal(await Promise.all([first, second]), [A, A]);
  assert.is(s.fresh(), 1);
  void s.tokens.get();
  assert.is(s.posted.length, 1, 'the handed-over token is used from now on');
  assert.is(s.clock.pending(), 0, 'no timer left');
});

test('a token expiring within a minute is replaced before it is sent; one with 61 s left is not', async () => {
  const s = source();
  s.tokens.use(token('w-a', NOW_S + 61));
  assert.is(s.tokens.ready() !== '', true);
  const expiring = token('w-a', NOW_S + 59);
  s.tokens.use(expiring);
  assert.is(s.tokens.ready(), '');
  const got = s.tokens.get();
  assert.is(s.posted.length, 1);
  s.answer(A);
  assert.is(await got, A);
});

test('no answer in 5 s: get() falls back to the token it had; the portal is not kept waiting on again', async () => {
  const s = source();
  const expiring = token('w-a', NOW_S + 30);
  s.tokens.use(expiring);
  const got = s.tokens.get();
  s.clock.tick(AUTH_TIMEOUT_MS - 1);
  s.answer(A, 'id-0'); // not the pending id
  s.clock.tick(1);
  assert.is(await got, expiring, 'the API decides');
  assert.is(await s.tokens.refresh(expiring), null, 'a 401 after that: no second 5 s wait');
  assert.is(await s.tokens.get(), expiring);
  assert.is(s.posted.length, 1);
  s.answer(A, 'id-1'); // too late
  assert.is(s.tokens.ready(), '', 'a late answer is not taken');
  s.tokens.use(); // a new context: the portal is asked again
  const again = s.tokens.refresh(expiring);
  assert.is(s.posted.length, 2);
  s.answer(A);
  assert.is(await again, A);
});

test('refresh after a 401: asks, unless a fresher token already came in meanwhile', async () => {
  const s = source();
  s.tokens.use(A);
  const refreshed = s.tokens.refresh(A);
  assert.is(s.posted.length, 1);
  const B = token('w-a', NOW_S + 7200);
  s.answer(B);
  assert.is(await refreshed, B);
  assert.is(await s.tokens.refresh(A), B, 'a second request that met a 401 with A takes B at once');
  assert.is(s.posted.length, 1);
});

test('the portal handing over another learner’s token: refused for this learner, reported', async () => {
  const s = source();
  s.tokens.use(A);
  const refreshed = s.tokens.refresh(A);
  const other = token('w-b');
  s.answer(other);
  assert.is(await refreshed, null);
  assert.equal(s.others, [other]);
  assert.is(s.tokens.ready(), A, 'this learner’s requests never get it');
  assert.is(s.fresh(), 0);
});

test('the first token sets the learner; a token without readable claims never counts as another', async () => {
  const s = source();
  const got = s.tokens.get();
  s.answer(token('w-b'));
  assert.is(await got, token('w-b'));
  const again = s.tokens.refresh(token('w-b'));
  s.answer('opaque-token');
  assert.is(await again, 'opaque-token');
  assert.equal(s.others, []);
  const sub = source();
  const mine = makeJwt({ sub: 'f:x:1', exp: NOW_S + 3600 });
  sub.tokens.use(mine);
  const bySub = sub.tokens.refresh(mine);
  sub.answer(makeJwt({ sub: 'f:x:2', exp: NOW_S + 3600 }));
  assert.is(await bySub, null, 'sub names the learner when there is no wid');
});

test('malformed answers are ignored and the request stays pending', async () => {
  const s = source();
  const got = s.tokens.get();
  for (const bad of [undefined, null, '', '   ', 7, {}, ['t'], 'x'.repeat(16385)]) s.answer(bad);
  for (const message of [null, 'AUTH_RESPONSE', { data: null }, { data: 'x' }, { data: { id: 'id-1' } }]) {
    s.tokens.receive(message);
  }
  s.answer(A);
  assert.is(await got, A);
});

test('before a context was accepted nothing can be asked: no token, no timer', async () => {
  const s = source({ canPost: false });
  assert.is(await s.tokens.get(), '');
  assert.is(await s.tokens.refresh('x'), null);
  assert.is(s.clock.pending(), 0);
});

test('no answer and the token has expired already: get() gives "" (nothing worth sending)', async () => {
  const s = source();
  s.tokens.use(token('w-a', NOW_S - 1));
  const got = s.tokens.get();
  s.clock.tick(AUTH_TIMEOUT_MS);
  assert.is(await got, '');
});

test('use("") forgets the token: the next request asks', () => {
  const s = source();
  s.tokens.use(A);
  s.tokens.use('');
  void s.tokens.get();
  assert.is(s.posted.length, 1);
});

test.run();
