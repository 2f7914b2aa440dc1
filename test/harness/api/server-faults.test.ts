import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note, NotesPage } from '../../../src/protocol/api-types.ts';
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

faults(
  'lostRate answers 503 after the write is on disk; a keyed retry gets that note',
  async ({ fx, asha, draws }) => {
    fx.api.setFaults({ failRate: 0.2, lostRate: 0.2 });
    const total = async () => ((await asha.post('/notes/fetch', {})).json as NotesPage).total;
    draws.push(0.9);
    const before = await total();
    draws.push(0.3, 0.9, 0.9); // lose the add's answer; then the count and the retry pass
    const lost = await asha.post('/notes/add', newNoteBody({ text: 'lost answer' }), {
      'idempotency-key': 'k-lost',
    });
    assert.equal([lost.status, lost.json], [503, { error: 'Injected failure' }]);
    assert.is(await total(), before + 1, 'the note was stored all the same');
    const retry = await asha.post('/notes/add', newNoteBody({ text: 'lost answer' }), {
      'idempotency-key': 'k-lost',
    });
    assert.is(retry.status, 200);
    assert.is((retry.json as Note).text, 'lost answer');
    assert.is(await total(), before + 1, 'the retry stored nothing new');
    assert.ok(
      fx.logs.some((l) => /^POST \/api\/v1\/notes\/add 503 \(lost 201\) \d+ms$/.test(l)),
      fx.logs.join('\n'),
    );
  },
);

faults(
  'a lost update answer leaves the update applied; a lost delete answer, the note deleted',
  async ({ fx, asha, draws }) => {
    fx.api.setFaults({ lostRate: 0.4 });
    draws.push(0.9);
    const note = (await asha.post('/notes/add', newNoteBody())).json as Note;
    draws.push(0.39, 0.9);
    const lostUpdate = await asha.post('/notes/update', { noteId: note.noteId, version: 1, text: 'v2' });
    assert.is(lostUpdate.status, 503);
    const retry = await asha.post('/notes/update', { noteId: note.noteId, version: 1, text: 'v2' });
    assert.is(retry.status, 409, 'the retry meets the applied update');
    assert.is((retry.json as { current: Note }).current.text, 'v2');
    draws.push(0.2, 0.9);
    const lostDelete = await asha.post('/notes/delete', { noteId: note.noteId, version: 2 });
    assert.is(lostDelete.status, 503);
    assert.is((await asha.post('/notes/delete', { noteId: note.noteId, version: 2 })).status, 404);
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
