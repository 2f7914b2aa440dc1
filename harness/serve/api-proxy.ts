/**
 * Forwards `/api/v1/*` from the app's origin to the notes API, so the app calls its API
 * same-origin exactly as in production (`connect-src 'self'`) while the API runs on its own port.
 *
 * A small node:http forwarder rather than http-proxy: http-proxy reports a failed request-body
 * write as a proxy error even when the API has already answered, so an API that refuses a large
 * upload early (413) and stops reading turned into a 502 "not reachable". Here the API's answer
 * always wins once it has arrived; only an API that never answered gives the 502.
 */
import { Agent, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { Middleware, UnionRequest, UnionResponse } from 'http-server';
import { discardRest } from '../../server/src/http/discard-body.ts';
import { API_BASE } from '../../src/protocol/api-types.ts';
import { withoutHopHeaders } from './hop-headers.ts';

/** The proxy as middleware plus a way to release its upstream connections when the server closes. */
export type ApiProxy = { middleware: Middleware; close(): void };

/** True for the API base path and everything below it (not for look-alikes such as `/api/v10`). */
export const isApiPath = (url: string): boolean => {
  const path = url.split('?')[0] ?? '';
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
};

const unreachable = (res: ServerResponse, target: URL): void => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: `The notes API at ${target.origin} is not reachable` }));
};

/**
 * One call: streams method, path, query, headers (minus hop-by-hop ones) and body upstream, and
 * the answer (status, headers, body) back. Once the API has answered, an error sending the body
 * (the API stopped reading) is ignored, and whatever the client still sends is discarded, so the
 * client reads the API's answer; an upstream error before any answer is a 502.
 */
function forward(incoming: IncomingMessage, res: ServerResponse, target: URL, agent: Agent): void {
  let answered = false;
  const upstream = request({
    protocol: target.protocol,
    hostname: target.hostname,
    port: target.port,
    method: incoming.method,
    path: incoming.url,
    headers: withoutHopHeaders(incoming.headers),
    agent,
  });
  upstream.on('response', (answer) => {
    answered = true;
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopHeaders(answer.headers));
    pipeline(answer, res, (err) => {
      if (err) res.destroy();
    });
  });
  upstream.on('error', () => {
    if (!answered) unreachable(res, target);
    discardRest(incoming);
  });
  res.on('finish', () => {
    if (incoming.complete) return;
    // The API has answered in full before the body ended: the exchange is over. The rest of the
    // body has nowhere to go, so stop forwarding it and drop it, letting the client read the answer.
    incoming.unpipe(upstream);
    upstream.destroy();
    discardRest(incoming);
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  incoming.pipe(upstream);
}

/**
 * Proxies API paths to `target`; any other path is passed on to the next middleware. A dead API
 * gives a 502 JSON error, never a crash.
 */
export function createApiProxy(target: string): ApiProxy {
  const base = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const middleware: Middleware = (req: UnionRequest, res: UnionResponse) => {
    if (!isApiPath(req.url)) {
      res.emit('next');
      return;
    }
    // union pipes the raw request into its own stream, which buffers every byte nobody reads.
    // Detach it and stream the raw request instead, so large bodies flow with back-pressure.
    const incoming = req.request;
    incoming.unpipe();
    forward(incoming, res.response, base, agent);
  };
  return { middleware, close: () => agent.destroy() };
}
