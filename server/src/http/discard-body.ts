/**
 * "Lingering close" for early answers. A server that answers before it has read the whole request
 * body (a 413, a 401, a proxy whose upstream already answered) must not simply close the socket:
 * the unread bytes make the kernel send a reset, and the client may then lose the answer and see
 * EPIPE or ECONNRESET instead. So the rest of the body is read and thrown away, for a bounded time.
 */
import type { IncomingMessage } from 'node:http';

/** How long a client may keep sending a refused body before the connection is cut. */
export const LINGER_MS = 10_000;

const discarding = new WeakSet<IncomingMessage>();

/**
 * Cuts `req`'s connection if its body has not ended after `maxMs`: the bound on how long a
 * refused body is read. Used alone when something else (a multipart parser) keeps reading it.
 */
export function cutIfUnfinished(req: IncomingMessage, maxMs: number = LINGER_MS): void {
  if (req.complete || req.destroyed) return;
  const timer = setTimeout(() => req.destroy(), maxMs);
  timer.unref();
  const stop = (): void => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
  req.on('error', () => undefined); // a reset while discarding is the client's business, not a crash
}

/**
 * Reads and drops whatever is left of `req`'s body, keeping the connection usable once it ends.
 * If it has not ended after `maxMs` the request (and so its socket) is destroyed. Safe to call
 * more than once and on a request that has already ended.
 */
export function discardRest(req: IncomingMessage, maxMs: number = LINGER_MS): void {
  if (req.complete || req.destroyed || discarding.has(req)) return;
  discarding.add(req);
  req.removeAllListeners('data');
  cutIfUnfinished(req, maxMs);
  req.resume();
}
