/**
 * The harness's faults in front of any notes API (harness/README.md): a small node:http forwarder
 * that makes answers slow, failing, lost after the work was done, or never coming, so the app's
 * retry queue, timeouts and "Not saved yet" states can be exercised on purpose against the real
 * notes service. The service itself stays fault-free: what it stores is what a portal would store.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { discardRest } from '../../server/src/http/discard-body.ts';
import { withoutHopHeaders } from '../serve/hop-headers.ts';
import { listen } from '../shared/listen.ts';
import { decideFault, type Faults, mergeFaults, NO_FAULTS } from './faults.ts';

/** How to start the proxy: where the API is, and the faults to begin with. */
export type FaultProxyOptions = {
  /** The API's origin, e.g. `http://127.0.0.1:4311`; paths and queries are passed on as they are. */
  upstream: string;
  host?: string;
  port?: number;
  faults?: Partial<Faults>;
  random?: () => number;
  /** One line per call: `POST /api/v1/notes/add 201 12ms`, `… 503 (lost 201) …`, `… hang`. */
  log?: (line: string) => void;
  /** The request target to send upstream for (method, target); default: the target as it came. */
  rewrite?: (method: string, url: string) => string;
};

/** A running proxy: its URL, live fault control, and a shutdown that cuts hung calls. */
export type RunningFaultProxy = {
  url: string;
  port: number;
  setFaults(change: Partial<Faults>): void;
  faults(): Faults;
  close(): Promise<void>;
};

const INJECTED = JSON.stringify({ error: 'Injected failure' });

/** A 503 as the API would send it (JSON, never cached), unless an answer has begun. */
function injected(res: ServerResponse): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(INJECTED),
    'Cache-Control': 'no-store',
  });
  res.end(INJECTED);
}

/** A 502 for an API that could not be reached. */
function unreachable(res: ServerResponse, origin: string): void {
  if (res.headersSent) return void res.destroy();
  const body = JSON.stringify({ error: `The notes API at ${origin} is not reachable` });
  res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * Sends one call upstream and settles with the status once the answer has been handled: `pass`
 * streams it back as it is; `lose` reads it to the end (the work is done, the answer is complete)
 * and then answers 503, as if the answer were lost on the way. An answer that came before the
 * body was sent in full ends the exchange: the rest of the body is read and dropped.
 */
function forward(
  incoming: IncomingMessage,
  res: ServerResponse,
  target: URL,
  agent: Agent,
  mode: 'pass' | 'lose',
  path: string,
): Promise<string> {
  return new Promise((settle) => {
    let answered = false;
    const upstream = request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: incoming.method,
      path,
      headers: withoutHopHeaders(incoming.headers),
      agent,
    });
    upstream.on('response', (answer) => {
      answered = true;
      const status = answer.statusCode ?? 502;
      if (mode === 'lose') {
        answer.resume();
        answer.on('end', () => {
          injected(res);
          settle(`503 (lost ${status})`);
        });
        answer.on('error', () => {
          injected(res);
          settle('503 (lost, cut)');
        });
        return;
      }
      res.writeHead(status, answer.statusMessage, withoutHopHeaders(answer.headers));
      pipeline(answer, res, (err) => {
        if (err) res.destroy();
        settle(String(status));
      });
    });
    upstream.on('error', () => {
      if (!answered) {
        unreachable(res, target.origin);
        settle('502');
      }
      discardRest(incoming);
    });
    res.on('finish', () => {
      if (incoming.complete) return;
      incoming.unpipe(upstream);
      upstream.destroy();
      discardRest(incoming);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    // A client that went away before its body was sent: the call goes no further.
    incoming.on('close', () => {
      if (!incoming.complete) upstream.destroy();
    });
    incoming.pipe(upstream);
  });
}

/**
 * Starts the proxy. Each call draws its fault once (harness/faults/faults.ts), waits out the
 * latency, then: `hang` never answers (cut on close), `fail` answers 503 without passing the call
 * on, `lose` passes it on, lets the API do the work, then answers 503, `pass` passes it on.
 * Rejects when the port is busy (`code` 'EADDRINUSE').
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<RunningFaultProxy> {
  const target = new URL(options.upstream);
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  const rewrite = options.rewrite ?? ((_method: string, url: string) => url);
  let faults = mergeFaults(NO_FAULTS, options.faults ?? {});
  const agent = new Agent({ keepAlive: true });
  const hung = new Set<ServerResponse>();
  const wakers = new Set<() => void>();
  const inflight = new Set<Promise<void>>();
  let closing = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closing) return resolve();
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0];
    const done = (status: string) =>
      log(`${req.method ?? 'GET'} ${path} ${status} ${Math.round(performance.now() - started)}ms`);
    const decision = decideFault(faults, random);
    if (decision === 'hang') {
      req.resume();
      hung.add(res);
      res.on('close', () => hung.delete(res));
      return done('hang');
    }
    if (faults.latencyMs > 0) {
      req.pause(); // the body waits in the socket, not in memory
      await delay(faults.latencyMs);
    }
    if (decision === 'fail') {
      discardRest(req);
      injected(res);
      return done('503');
    }
    if (req.destroyed) return done('cancelled'); // gone during the delay: nothing to pass on
    const upstreamPath = rewrite(req.method ?? 'GET', req.url ?? '/');
    done(await forward(req, res, target, agent, decision === 'lose' ? 'lose' : 'pass', upstreamPath));
  };

  const server = createServer((req, res) => {
    const call = handle(req, res)
      .catch(() => injected(res))
      .finally(() => inflight.delete(call));
    inflight.add(call);
  });
  const port = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  let closed: Promise<void> | null = null;
  const close = async () => {
    closing = true;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const wake of [...wakers]) wake();
    for (const res of hung) res.destroy();
    await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, 2000).unref())]);
    server.closeAllConnections();
    agent.destroy();
    await stopped;
  };
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    setFaults(change) {
      faults = mergeFaults(faults, change);
    },
    faults: () => faults,
    close() {
      closed ??= close();
      return closed;
    },
  };
}
