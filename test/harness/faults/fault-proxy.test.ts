import { createServer, type IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startFaultProxy } from '../../../harness/faults/fault-proxy.ts';
import { closeServer, listen } from '../../../harness/shared/listen.ts';

/** An upstream that records what reached it and answers `201 {"n": <count>}` after reading the body. */
async function upstream() {
  const seen: { method: string; url: string; body: string; key: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString(),
        key: Array.isArray(key) ? key[0] : key,
      });
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ n: seen.length }));
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { origin: `http://127.0.0.1:${port}`, seen, close: () => closeServer(server) };
}

/** Draws that always land in the given band. */
const always = (r: number) => () => r;

const post = (url: string, body: string) =>
  fetch(`${url}/api/v1/notes/add?x=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
    body,
  });

test('no faults: the call and its answer pass through as they are', async () => {
  const api = await upstream();
  const lines: string[] = [];
  const proxy = await startFaultProxy({ upstream: api.origin, log: (l) => lines.push(l) });
  try {
    const res = await post(proxy.url, '{"a":1}');
    assert.is(res.status, 201);
    assert.is(res.headers.get('x-upstream'), 'yes');
    assert.equal(await res.json(), { n: 1 });
    assert.equal(api.seen, [{ method: 'POST', url: '/api/v1/notes/add?x=1', body: '{"a":1}', key: 'k-1' }]);
    assert.match(lines[0] ?? '', /^POST \/api\/v1\/notes\/add 201 \d+ms$/);
  } finally {
    await proxy.close();
    await api.close();
  }
});

test('fail: 503 before the work, nothing reaches the API', async () => {
  const api = await upstream();
  const proxy = await startFaultProxy({ upstream: api.origin, faults: { failRate: 1 }, random: always(0.5) });
  try {
    const res = await post(proxy.url, '{"a":1}');
    assert.is(res.status, 503);
    assert.equal(await res.json(), { error: 'Injected failure' });
    assert.is(api.seen.length, 0);
  } finally {
    await proxy.close();
    await api.close();
  }
});

test('lose: the API does the work, then the answer is a 503', async () => {
  const api = await upstream();
  const lines: string[] = [];
  const proxy = await startFaultProxy({
    upstream: api.origin,
    faults: { lostRate: 1 },
    random: always(0.5),
    log: (l) => lines.push(l),
  });
  try {
    const res = await post(proxy.url, '{"a":2}');
    assert.is(res.status, 503);
    assert.equal(await res.json(), { error: 'Injected failure' });
    assert.is(api.seen.length, 1, 'the work was done');
    assert.is(api.seen[0]?.body, '{"a":2}');
    assert.match(lines[0] ?? '', /503 \(lost 201\)/);
  } finally {
    await proxy.close();
    await api.close();
  }
});

test('hang: no answer until the proxy closes; latency delays the call; setFaults applies live', async () => {
  const api = await upstream();
  const proxy = await startFaultProxy({
    upstream: api.origin,
    faults: { timeoutRate: 1 },
    random: always(0.5),
  });
  try {
    const hung = post(proxy.url, '{}').then(
      (r) => r.status,
      () => 'cut',
    );
    const first = await Promise.race([hung, new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    assert.is(first, 'waiting');
    proxy.setFaults({ timeoutRate: 0, latencyMs: 150 });
    assert.is(proxy.faults().latencyMs, 150);
    const started = Date.now();
    const res = await post(proxy.url, '{"b":1}');
    assert.is(res.status, 201);
    assert.ok(Date.now() - started >= 140, 'the latency was waited out');
    await proxy.close();
    assert.is(await hung, 'cut', 'closing cuts the hung call');
  } finally {
    await proxy.close();
    await api.close();
  }
});

test('an API that cannot be reached is a 502 with a JSON error', async () => {
  const api = await upstream();
  const origin = api.origin;
  await api.close();
  const proxy = await startFaultProxy({ upstream: origin });
  try {
    const res = await post(proxy.url, '{}');
    assert.is(res.status, 502);
    assert.match(((await res.json()) as { error: string }).error, /not reachable/);
  } finally {
    await proxy.close();
  }
});

test('bad fault values are refused', async () => {
  const refused = await startFaultProxy({ upstream: 'http://127.0.0.1:1', faults: { failRate: 2 } }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.instance(refused, RangeError);
  assert.match(String(refused), /failRate must be a number between 0 and 1/);
});

test.run();
