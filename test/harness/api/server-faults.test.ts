import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { NotesPage } from '../../../src/protocol/api-types.ts';
import {
  type Client,
  clientFor,
  type Fixture,
  headersFor,
  newNoteBody,
  seeded,
  startFixture,
} from './support/api-fixture.ts';

type Ctx = { fx: Fixture; asha: Client; draws: number[] };
const faults = suite<Ctx>('server: fault injection and shutdown');

faults.before.each(async (ctx) => {
  ctx.draws = [];
  // Scripted randomness: each call takes the next draw (0.5 when the script runs out).
  ctx.fx = await startFixture({ random: () => ctx.draws.shift() ?? 0.5 });
  ctx.asha = clientFor(ctx.fx.api, seeded(0));
});
faults.after.each(async (ctx) => {
  await ctx.fx.stop();
});

faults(
  'failRate answers 503 { error: "Injected failure" } without side effects',
  async ({ fx, asha, draws }) => {
    fx.api.setFaults({ failRate: 0.3 });
    draws.push(0.1, 0.9);
    const failed = await asha.post('/notes/add', newNoteBody());
    assert.equal([failed.status, failed.json], [503, { error: 'Injected failure' }]);
    const passed = await asha.post('/notes/fetch', {});
    assert.is(passed.status, 200);
    assert.is((passed.json as NotesPage).total, 7, 'the failed add stored nothing');
    fx.api.setFaults({ failRate: 0 });
    assert.is((await asha.post('/notes/add', newNoteBody())).status, 201);
  },
);

faults('latency delays but still answers; setFaults applies live', async ({ fx, asha }) => {
  fx.api.setFaults({ latencyMs: 30 });
  assert.is((await asha.get('/notes/recent')).status, 200);
  fx.api.setFaults({ latencyMs: 0 });
  assert.is((await asha.get('/notes/recent')).status, 200);
  assert.throws(() => fx.api.setFaults({ failRate: 2 }), /failRate/);
});

faults(
  'timeoutRate never answers; the client gives up; other calls still work',
  async ({ fx, asha, draws }) => {
    fx.api.setFaults({ timeoutRate: 0.5 });
    draws.push(0.2);
    const ctrl = new AbortController();
    const hung = fetch(`${fx.api.url}/api/v1/notes/recent`, {
      headers: headersFor(seeded(0)),
      signal: ctrl.signal,
    });
    const outcome = hung.then(
      () => 'answered',
      (e: unknown) => (e instanceof Error ? e.name : 'error'),
    );
    assert.is((await asha.get('/notes/list/course')).status, 200, 'a later call is answered');
    ctrl.abort();
    assert.is(await outcome, 'AbortError');
    assert.ok(fx.logs.some((l) => /^GET \/api\/v1\/notes\/recent hang \d+ms$/.test(l)));
  },
);

faults('close() ends hung and delayed calls and resolves', async ({ fx, draws }) => {
  fx.api.setFaults({ timeoutRate: 0.5, latencyMs: 60_000 });
  draws.push(0.1, 0.9);
  const hung = fetch(`${fx.api.url}/api/v1/notes/recent`, { headers: headersFor(seeded(0)) }).then(
    (r) => r.status,
    () => 'cut',
  );
  const slow = fetch(`${fx.api.url}/api/v1/notes/recent`, { headers: headersFor(seeded(0)) }).then(
    (r) => r.status,
    () => 'cut',
  );
  while (fx.logs.length < 1) await new Promise((r) => setImmediate(r));
  await new Promise((r) => setTimeout(r, 50));
  await fx.api.close();
  assert.is(await hung, 'cut');
  assert.ok(
    [200, 'cut'].includes(await slow),
    'the delayed call is answered at once or cut, never left hanging',
  );
});

faults('a POST the client aborts during the delay settles, and close() still resolves', async ({ fx }) => {
  fx.api.setFaults({ latencyMs: 300 });
  const ctl = new AbortController();
  const call = fetch(`${fx.api.url}/api/v1/notes/fetch`, {
    method: 'POST',
    headers: { ...headersFor(seeded(0)), 'content-type': 'application/json' },
    body: JSON.stringify({}),
    signal: ctl.signal,
  }).catch(() => 'aborted');
  await new Promise((r) => setTimeout(r, 50));
  ctl.abort();
  assert.is(await call, 'aborted');
  await new Promise((r) => setTimeout(r, 400)); // the delay ends; the body is gone
  const closed = await Promise.race([
    fx.api.close().then(() => 'closed'),
    new Promise((r) => setTimeout(() => r('still open'), 2000)),
  ]);
  assert.is(closed, 'closed');
});

faults.run();
