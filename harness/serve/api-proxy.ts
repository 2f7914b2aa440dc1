/**
 * Forwards `/api/v1/*` from the app's origin to the mock API unchanged, so the app calls its API
 * same-origin exactly as in production (`connect-src 'self'`) while the API runs on its own port.
 */
import httpProxy from 'http-proxy';
import type { Middleware, UnionRequest, UnionResponse } from 'http-server';
import { API_BASE } from '../../src/protocol/api-types.ts';

/** The proxy as middleware plus a way to release it when the server closes. */
export type ApiProxy = { middleware: Middleware; close(): void };

/** True for the API base path and everything below it (not for look-alikes such as `/api/v10`). */
export const isApiPath = (url: string): boolean => {
  const path = url.split('?')[0] ?? '';
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
};

const unreachable = (res: UnionResponse, target: string): void => {
  const raw = res.response;
  if (raw.headersSent) {
    raw.destroy();
    return;
  }
  raw.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  raw.end(JSON.stringify({ error: `The notes API at ${target} is not reachable` }));
};

/**
 * Streams API requests (method, path, query, headers, body) to `target` and its answers back
 * untouched; any other path is passed on to the next middleware. A dead API gives a 502 JSON
 * error, never a crash.
 */
export function createApiProxy(target: string): ApiProxy {
  const proxy = httpProxy.createProxyServer({ xfwd: false, changeOrigin: false });
  proxy.on('error', () => {
    // Per-request errors are answered in the callback below; this keeps stray ones from throwing.
  });
  const middleware: Middleware = (req: UnionRequest, res: UnionResponse) => {
    if (!isApiPath(req.url)) {
      res.emit('next');
      return;
    }
    proxy.web(req, res.response, { target }, () => unreachable(res, target));
  };
  return { middleware, close: () => proxy.close() };
}
