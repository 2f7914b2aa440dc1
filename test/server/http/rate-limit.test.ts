/**
 * The per-learner rate limit: a burst of 100 and a steady 50 per second pass; beyond the budget a
 * 429 with Retry-After of at most 5 s; one learner's flood leaves another's answers alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_LIMITS } from '../../../server/src/app.ts';
import { ASHA, BEN, startApp } from '../support/app-fixture.ts';

test('defaults: a burst of 100, then a steady 50/s for 2 s, all pass', async () => {
  const fx = await startApp();
  try {
    const c = fx.client(ASHA);
    const burst = await Promise.all(Array.from({ length: 100 }, () => c.get('/notes/recent')));
    assert.equal([...new Set(burst.map((r) => r.status))], [200]);
    await new Promise((r) => setTimeout(r, DEFAULT_LIMITS.rateLimit.windowMs));
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = Date.now();
      statuses.push((await c.get('/notes/recent')).status);
      await new Promise((r) => setTimeout(r, Math.max(0, 20 - (Date.now() - started))));
    }
    assert.equal([...new Set(statuses)], [200]);
    assert.ok(DEFAULT_LIMITS.rateLimit.windowMs <= 5000, 'Retry-After can never exceed 5 s');
  } finally {
    await fx.stop();
  }
});

test('over the budget: 429 with Retry-After ≤ 5 and { error }; another learner is not slowed', async () => {
  // 200 at once against a budget of 20 per 5 s: however slowly a loaded machine sends them, no
  // window can let all of them through.
  const fx = await startApp({ limits: { rateLimit: { max: 20, windowMs: 5000 } } });
  try {
    const asha = fx.client(ASHA);
    const ben = fx.client(BEN);
    const flood = await Promise.all(Array.from({ length: 200 }, () => asha.get('/notes/recent')));
    const limited = flood.filter((r) => r.status === 429);
    assert.ok(limited.length >= 1, `${limited.length} limited`);
    assert.ok(flood.filter((r) => r.status === 200).length >= 20, 'the budget itself passes');
    const first = limited[0]!;
    const retry = Number(first.headers['retry-after']);
    assert.ok(retry >= 1 && retry <= 5, `Retry-After ${retry}`);
    assert.match((first.json as { error: string }).error, /Too many requests/);
    const others = await Promise.all(Array.from({ length: 20 }, () => ben.get('/notes/recent')));
    assert.equal([...new Set(others.map((r) => r.status))], [200]);
    const unauth = await fx.app.inject({ url: '/api/v1/notes/recent' });
    assert.is(unauth.statusCode, 401, 'a 401 is not counted against anyone');
  } finally {
    await fx.stop();
  }
});

test.run();
