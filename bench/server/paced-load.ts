/**
 * A fixed offered load that really is fixed: one request every 1000/rate ms (open loop), each
 * timed from the moment it was due to be sent until its answer's last byte. autocannon's
 * `overallRate` is not that: each connection sends its share of a second back to back as the
 * second starts, then waits for the next one (lib/httpClient.js, `reqsMadeThisSecond`), so its
 * latencies measure a burst of `rate` requests queued on the server, not the service at that rate.
 * Timing from the due time, not the send, keeps a server that falls behind from hiding its queue
 * (coordinated omission): a late answer delays nothing that follows, and waiting for a free socket
 * counts.
 */
import { Agent, request } from 'node:http';
import type { Call, LoadFigures } from './load-runs.ts';

/** How to pace: requests per second for `seconds`, over at most `sockets` keep-alive connections. */
export type PacedLoad = { rate: number; seconds: number; sockets: number };

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

/** Sends `call`'s requests at `load.rate` per second and returns the figures. */
export async function runPaced(call: Call, load: PacedLoad): Promise<LoadFigures> {
  const base = new URL(call.url);
  const agent = new Agent({ keepAlive: true, maxSockets: load.sockets });
  const total = Math.round(load.rate * load.seconds);
  const interval = 1000 / load.rate;
  const times: number[] = [];
  let ok = 0;
  let notOk = 0;
  let errors = 0;
  let bytes = 0;
  const one = (due: number) =>
    new Promise<void>((done) => {
      const r = call.next();
      const req = request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: r.method ?? 'GET',
          path: r.path ?? '/',
          headers: r.headers ?? {},
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            times.push(performance.now() - due);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) ok += 1;
            else notOk += 1;
            done();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        done();
      });
      req.end(r.body);
    });
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(one(due));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: (ok + notOk) / elapsed,
    okPerSecond: ok / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    ok,
    notOk,
    errors,
    bytesPerAnswer: times.length === 0 ? 0 : bytes / times.length,
  };
}
