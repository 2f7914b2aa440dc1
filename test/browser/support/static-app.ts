/**
 * Serves a built `dist/` the way a deployment would (index.html fallback for unknown paths) on a
 * loopback origin, with `/api/v1/*` handed to a test's fake API. Browser tests of the app use it.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { closeServer, listen as listenOn } from '../../../harness/shared/listen.ts';

/** A fake API: answers a request under /api/v1, or returns false to fall through to 404. */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse, body: string) => boolean | undefined;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A running server and its origin. */
export type Running = { origin: string; server: Server; close(): Promise<void> };

/** Starts a server on `host` (a loopback address), port 0, and resolves once it listens. */
export async function listen(
  host: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Running> {
  const server = createServer(handler);
  const port = await listenOn(server, 0, host);
  return { origin: `http://${host}:${port}`, server, close: () => closeServer(server) };
}

/**
 * Serves `dist` with an index.html fallback and the fake API, under `base` (a build's `--base`):
 * paths outside it get 404, as they would from a portal that mounts the app at a sub-path.
 */
export function serveApp(dist: string, api: ApiHandler, base = '/', host = '127.0.0.1'): Promise<Running> {
  const prefix = base.replace(/\/+$/, '');
  return listen(host, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('outside the base path');
      return;
    }
    url.pathname = url.pathname.slice(prefix.length) || '/';
    if (url.pathname.startsWith('/api/v1/')) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        req.url = url.pathname + url.search; // the API sees paths from /api/v1, whatever the base
        if (api(req, res, body) === false) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        }
      });
      return;
    }
    let file = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}
