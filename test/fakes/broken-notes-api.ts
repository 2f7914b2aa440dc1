/**
 * A deliberately broken notes API for `harness check-api`'s tests: a proxy in front of a real one
 * (the harness's mock) that breaks chosen rules of docs/api.md, so the checks about those rules
 * must fail and the others pass. Breaks: drop the Idempotency-Key header (every retry stores a new
 * note), answer a stale update 200 with the server's copy (last write "wins" silently), and put
 * every caller under one rootorg/org (another org's learner sees, and can address, these notes).
 * `noReview` is not a break but another portal's API: it answers the review calls 404.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which rules to break. */
export type Breaks = {
  /** On adds (every retry stores a new note). */
  ignoreIdempotencyKey?: boolean;
  /** Answer `/notes/review` and `/notes/review/summary` 404, as an API without review does. */
  noReview?: boolean;
  staleUpdateOk?: boolean;
  /** Replace the rootorg and org headers, when present, with these: learners leak across orgs. */
  oneOrg?: { rootorg: string; org: string };
};

/** The running fake: its origin (the API base is `${url}/api/v1`) and `close`. */
export type BrokenApi = { url: string; close(): Promise<void> };

const readAll = async (stream: AsyncIterable<unknown>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** The request's headers with the breaks applied; updates ask for plain bytes so they can be rewritten. */
function headersFor(req: IncomingMessage, breaks: Breaks): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...req.headers };
  if (breaks.ignoreIdempotencyKey && (req.url ?? '').endsWith('/notes/add'))
    delete headers['idempotency-key'];
  if (breaks.oneOrg && headers.rootorg !== undefined) headers.rootorg = breaks.oneOrg.rootorg;
  if (breaks.oneOrg && headers.org !== undefined) headers.org = breaks.oneOrg.org;
  if (breaks.staleUpdateOk && isUpdate(req)) delete headers['accept-encoding'];
  return headers;
}

const isUpdate = (req: IncomingMessage): boolean => (req.url ?? '').endsWith('/notes/update');

/** Starts the fake on 127.0.0.1 in front of `upstream` (an origin such as http://127.0.0.1:4301). */
export async function startBrokenNotesApi(upstream: string, breaks: Breaks): Promise<BrokenApi> {
  const target = new URL(upstream);
  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    if (breaks.noReview && /\/notes\/review(\/|\?|$)/.test(req.url ?? '')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'no such API route' }));
      return;
    }
    const up = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: headersFor(req, breaks),
      },
      async (answer) => {
        let status = answer.statusCode ?? 502;
        let bytes = await readAll(answer);
        const headers = { ...answer.headers };
        if (breaks.staleUpdateOk && status === 409 && isUpdate(req)) {
          status = 200;
          bytes = Buffer.from(
            JSON.stringify((JSON.parse(bytes.toString('utf8')) as { current: unknown }).current),
          );
          headers['content-length'] = String(bytes.length);
        }
        res.writeHead(status, headers);
        res.end(bytes);
      },
    );
    up.on('error', (e) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `broken fake: ${e.message}` }));
    });
    up.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
