/**
 * One HTTP call from arrival to answer: faults (hang, delay, 503 before or after the work),
 * routing (404/405), auth, body reading, the handler, the answer (compressed when the client
 * accepts it), and one log line. It never throws: anything unexpected is a 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideFault, type FaultDecision, type Faults } from '../faults/faults.ts';
import { discardRest } from '../shared/discard-body.ts';
import { authenticate } from './authenticate.ts';
import { servedName } from './files-url.ts';
import type { Services } from './handlers/call.ts';
import { serveFile } from './handlers/files.ts';
import { errorReply, type Reply, readBody, sendReply } from './http-io.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import { matchRoute } from './routes.ts';

/** What the pipeline needs beyond the handler services; all injected by `startApi`. */
export type Pipeline = {
  services: Services;
  secret: string;
  now: () => Date;
  random: () => number;
  faults: () => Faults;
  log: (line: string) => void;
  /** Resolves after `ms`, or at once when the server starts closing. */
  delay: (ms: number) => Promise<void>;
  /** Registers a call that will never be answered, so close() can cut it. */
  hang: (res: ServerResponse) => void;
  closing: () => boolean;
};

const acceptOf = (req: IncomingMessage): string | undefined => {
  const v = req.headers['accept-encoding'];
  return Array.isArray(v) ? v.join(',') : v;
};

const pathOf = (url: string | undefined): string => (url ?? '/').split('?')[0] ?? '/';

async function route(req: IncomingMessage, p: Pipeline, path: string): Promise<Reply> {
  const file = ['GET', 'HEAD'].includes(req.method ?? 'GET') && servedName(p.services.filesUrl ?? '', path);
  if (file) return serveFile({ params: { name: file } }, p.services); // uploads at another path
  const match = matchRoute(req.method ?? 'GET', path);
  if (!match.found)
    return errorReply(match.status, match.error, match.allow ? { Allow: match.allow } : undefined);
  const { route: r, params } = match;
  if (!r.auth) return r.handle({ params }, p.services);
  const caller = authenticate(req.headers, p.secret, p.now);
  if (!caller.ok) {
    discardRest(req);
    return errorReply(
      caller.status,
      caller.error,
      caller.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : undefined,
    );
  }
  let body: Buffer = Buffer.alloc(0);
  if (r.bodyLimit > 0) {
    const read = await readBody(req, r.bodyLimit);
    // A refused body's rest is being discarded, so the connection stays usable: no `Connection: close`.
    if (!read.ok) return errorReply(read.status, read.error);
    body = read.value;
  } else req.resume();
  return r.handle(
    {
      params,
      caller: caller.value,
      body,
      contentType: req.headers['content-type'],
      idempotencyKey: req.headers[IDEMPOTENCY_HEADER],
    },
    p.services,
  );
}

/** Handles one call; the promise settles when the answer is written (or the call is left hanging). */
export async function handleRequest(req: IncomingMessage, res: ServerResponse, p: Pipeline): Promise<void> {
  const started = performance.now();
  const method = req.method ?? 'GET';
  const path = pathOf(req.url);
  const done = (status: number | string) =>
    p.log(`${method} ${path} ${status} ${Math.round(performance.now() - started)}ms`);
  const answer = (reply: Reply) =>
    sendReply(res, reply, { head: method === 'HEAD', closing: p.closing(), accept: acceptOf(req) });
  try {
    const decision: FaultDecision = decideFault(p.faults(), p.random);
    if (decision === 'hang') {
      req.resume();
      p.hang(res);
      done('hang');
      return;
    }
    const latency = p.faults().latencyMs;
    if (latency > 0) await p.delay(latency);
    const injected = errorReply(503, 'Injected failure');
    let reply: Reply;
    let status: number | string;
    if (decision === 'fail') {
      req.resume();
      reply = injected;
      status = 503;
    } else {
      const worked = await route(req, p, path);
      reply = decision === 'lose' ? injected : worked;
      status = decision === 'lose' ? `503 (lost ${worked.status})` : worked.status;
    }
    answer(reply);
    done(status);
  } catch {
    answer(errorReply(500, 'Internal server error'));
    done(500);
  }
}
