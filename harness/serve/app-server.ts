/**
 * The app's own origin in the harness: `dist/` served by http-server's library API with the
 * caching, compression and security headers a real deployment should use (those in the build's
 * dist/headers.json when there is one), and `/api/v1` proxied to the notes API (harness/README.md).
 */
import type { Server } from 'node:http';
import httpServer from 'http-server';
import { closeServer, listen } from '../shared/listen.ts';
import { createApiProxy } from './api-proxy.ts';
import { servedHeaders } from './app-headers.ts';
import { staticRules } from './static-rules.ts';

/**
 * Where the files are, where the API is, and who may frame the app (used only when `root` has no
 * headers.json: the build's file wins).
 */
export type AppServerOptions = {
  root: string;
  apiTarget: string;
  frameAncestors: string[];
  host?: string;
  port?: number;
};

/** A listening app server; `url` is its origin with a trailing slash. */
export type RunningAppServer = { url: string; origin: string; port: number; close(): Promise<void> };

/**
 * Starts the app server. Rejects with the listen error (`code: 'EADDRINUSE'` for a busy port)
 * after releasing everything it opened.
 */
export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const host = options.host ?? '127.0.0.1';
  const headers = servedHeaders(options.root, options.frameAncestors);
  const proxy = createApiProxy(options.apiTarget);
  const files = httpServer.createServer({
    root: options.root,
    before: [proxy.middleware, staticRules(options.root, headers.headers)],
    cache: headers.cacheControl,
    showDir: 'false',
    autoIndex: 'false',
    showDotfiles: false,
    gzip: true,
    brotli: true,
    cors: false,
  });
  const server: Server = files.server;
  try {
    const port = await listen(server, options.port ?? 4300, host);
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return {
      url: `${origin}/`,
      origin,
      port,
      close: () => {
        proxy.close();
        return closeServer(server);
      },
    };
  } catch (err) {
    proxy.close();
    throw err;
  }
}
