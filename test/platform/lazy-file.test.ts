/**
 * src/platform/lazy-file.ts: the one loader of lazy files — shared fetches, forgotten failures,
 * backoff on a fake clock, `retryNow` (the `online` event), and attempt numbers for cache-busting.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLoader, ONE_TRY } from '../../src/platform/lazy-file.ts';
import { flushPromises } from '../fakes/deferred.ts';
import { createFakeClock } from '../fakes/fake-clock.ts';

/** A fetch that fails its first `failures` tries, recording each attempt number. */
const flaky = (failures: number) => {
  const attempts: number[] = [];
  const fetch = (attempt: number) => {
    attempts.push(attempt);
    return attempts.length <= failures ? Promise.reject(new Error('offline')) : Promise.resolve('code');
  };
  return { attempts, fetch };
};

/** Tracks a promise's outcome without awaiting it. */
const watch = <T>(p: Promise<T>) => {
  const state: { value?: T; error?: unknown } = {};
  p.then(
    (value) => {
      state.value = value;
    },
    (error: unknown) => {
      state.error = error;
    },
  );
  return state;
};

test('one fetch, shared by every load, kept as current once in', async () => {
  const { attempts, fetch } = flaky(0);
  const file = createLoader(createFakeClock()).file(fetch);
  assert.is(file.current, null);
  const [a, b] = await Promise.all([file.load(), file.load()]);
  assert.is(a, 'code');
  assert.is(b, 'code');
  await file.load();
  assert.equal(attempts, [0]);
  assert.is(file.current, 'code');
});

test('a failed try is retried after 1 s, 2 s, 4 s while the load waits; then it resolves', async () => {
  const clock = createFakeClock();
  const { attempts, fetch } = flaky(3);
  const load = watch(createLoader(clock).file(fetch).load());
  await flushPromises();
  assert.equal(attempts, [0]);
  clock.tick(999);
  await flushPromises();
  assert.equal(attempts, [0], 'not before 1 s');
  clock.tick(1);
  await flushPromises();
  assert.equal(attempts, [0, 1]);
  clock.tick(2000);
  await flushPromises();
  assert.equal(attempts, [0, 1, 2]);
  clock.tick(3999);
  await flushPromises();
  assert.is(attempts.length, 3, 'the third wait is 4 s');
  clock.tick(1);
  await flushPromises();
  assert.equal(attempts, [0, 1, 2, 3], 'attempt numbers are never reused (each may bust a cache)');
  assert.is(load.value, 'code');
  assert.is(clock.pending(), 0);
});

test('the delay doubles up to 30 s', async () => {
  const clock = createFakeClock();
  const { attempts, fetch } = flaky(99);
  void createLoader(clock)
    .file(fetch, 8)
    .load()
    .catch(() => undefined);
  const waits = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
  for (const [i, ms] of waits.entries()) {
    await flushPromises();
    clock.tick(ms - 1);
    await flushPromises();
    assert.is(attempts.length, i + 1, `still waiting before ${ms} ms`);
    clock.tick(1);
  }
  await flushPromises();
  assert.is(attempts.length, 8);
});

test('after its last try the load rejects, the failure is forgotten, and the next load starts afresh', async () => {
  const clock = createFakeClock();
  const { attempts, fetch } = flaky(4);
  const file = createLoader(clock).file(fetch);
  const first = watch(file.load());
  for (const ms of [1000, 2000, 4000]) {
    await flushPromises();
    clock.tick(ms);
  }
  await flushPromises();
  assert.is((first.error as Error).message, 'offline');
  assert.is(attempts.length, 4);
  assert.is(clock.pending(), 0, 'no timer left behind');
  assert.is(await file.load(), 'code', 'Try again: a fresh load fetches again');
  assert.equal(attempts, [0, 1, 2, 3, 4]);
});

test('retryNow (the link is back) tries every waiting file at once', async () => {
  const clock = createFakeClock();
  const loader = createLoader(clock);
  const a = flaky(1);
  const b = flaky(2);
  const loadA = watch(loader.file(a.fetch).load());
  const loadB = watch(loader.file(b.fetch).load());
  await flushPromises();
  loader.retryNow();
  await flushPromises();
  assert.is(loadA.value, 'code');
  assert.equal(b.attempts, [0, 1]);
  loader.retryNow();
  await flushPromises();
  assert.is(loadB.value, 'code');
  assert.is(clock.pending(), 0, 'the backoff timers were cleared');
});

test('a file whose every try failed starts a new round on the next retryNow (no caller asks again)', async () => {
  const clock = createFakeClock();
  const loader = createLoader(clock);
  const { attempts, fetch } = flaky(4);
  const file = loader.file(fetch);
  const first = watch(file.load());
  for (const ms of [1000, 2000, 4000]) {
    await flushPromises();
    clock.tick(ms);
  }
  await flushPromises();
  assert.ok(first.error, 'its tries used up');
  clock.tick(600_000);
  await flushPromises();
  assert.is(attempts.length, 4, 'nothing more until the link is back');
  loader.retryNow();
  await flushPromises();
  assert.is(attempts.length, 5, 'tried again at once');
  assert.is(file.current, 'code', 'in: a stylesheet applies, a later load gets it');
  assert.is(await file.load(), 'code');
  assert.is(attempts.length, 5, 'with no second fetch');
  loader.retryNow();
  await flushPromises();
  assert.is(attempts.length, 5, 'a file that is in is not fetched again');
});

test('without a timer (ONE_TRY) one try per load: the failure rejects at once and is forgotten', async () => {
  const { attempts, fetch } = flaky(1);
  const file = ONE_TRY.file(fetch);
  await file.load().then(
    () => assert.unreachable('should fail'),
    (e: Error) => assert.is(e.message, 'offline'),
  );
  assert.is(file.current, null);
  assert.is(await file.load(), 'code');
  assert.equal(attempts, [0, 1]);
});

test.run();
