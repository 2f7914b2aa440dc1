/**
 * One autocannon load against one call: at saturation (closed loop, N connections, as fast as the
 * server answers) for throughput, or at a fixed offered rate (overallRate) for latency. Latency
 * percentiles (p50/p95/p99) are computed here from every answer's time, since autocannon's summary
 * has no p95; answers that are not 2xx are counted and reported, never hidden.
 */
import autocannon, { type Request } from 'autocannon';

/** A call to load: how each request is made (rotating learners, keys, queries…). */
export type Call = { name: string; url: string; next(): Request };

/** How to load it. */
export type Load = { connections: number; seconds: number; rate?: number };

/** What one load measured. */
export type LoadFigures = {
  requestsPerSecond: number;
  /** Answers with a 2xx status per second (a rate-limited run's 429s are cheap, and not the call's). */
  okPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  notOk: number;
  errors: number;
  bytesPerAnswer: number;
};

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

/** Runs `call` under `load` and returns its figures. */
export async function runLoad(call: Call, load: Load): Promise<LoadFigures> {
  const times: number[] = [];
  let ok = 0;
  let notOk = 0;
  let bytes = 0;
  const instance = autocannon({
    url: call.url,
    connections: load.connections,
    duration: load.seconds,
    timeout: 30,
    ...(load.rate ? { overallRate: load.rate } : {}),
    requests: [{ setupRequest: () => call.next() }],
  });
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    times.push(ms);
    bytes += resBytes;
    if (status >= 200 && status < 300) ok += 1;
    else notOk += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: (ok + notOk) / (result.duration || load.seconds),
    okPerSecond: ok / (result.duration || load.seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    ok,
    notOk,
    errors: result.errors + result.timeouts,
    bytesPerAnswer: times.length === 0 ? 0 : bytes / times.length,
  };
}

/** The best of a call's saturation runs, and the number of connections that gave it. */
export type Saturation = { figures: LoadFigures; connections: number };

/**
 * Throughput at saturation: `call` loaded at each of `ladder`'s connection counts in turn, the
 * highest rate of 2xx answers kept. One count is not enough for every call: a durable add waits for a shared
 * fsync, so 10 connections leave the service idle between groups, while 100 fill that wait.
 */
export async function runSaturation(call: Call, ladder: number[], seconds: number): Promise<Saturation> {
  let best: Saturation | undefined;
  for (const connections of ladder) {
    const figures = await runLoad(call, { connections, seconds });
    if (!best || figures.okPerSecond > best.figures.okPerSecond) best = { figures, connections };
  }
  if (!best) throw new Error('runSaturation: no connection count to load with');
  return best;
}
