/**
 * The mock portal on `--origin`: a small node:http server for the parent page, its bundled
 * script and stylesheet, and a same-origin endpoint minting fresh tokens for seeded learners.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen } from '../shared/listen.ts';
import type { ParentAssets } from './parent-bundle.ts';
import { type ParentPageConfig, TOKEN_PATH } from './parent-page/page-config.ts';
import { renderParentPage } from './parent-page/page-html.ts';

/** What the parent server needs: where to listen, the page config, and a token minter. */
export type ParentServerOptions = {
  origin: string;
  config: Omit<ParentPageConfig, 'token'>;
  assets: ParentAssets;
  /** A fresh token for a seeded learner, or undefined for an unknown name. */
  mintToken: (userName: string) => string | undefined;
};

/** A listening parent server; `url` is the page's address. */
export type RunningParentServer = { url: string; port: number; close(): Promise<void> };

/** The parent page's own CSP: code and styles from itself, frames only from the app. */
export const parentCsp = (appOrigin: string): string =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    `frame-src ${appOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

const send = (
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
};

/**
 * Routes one request; never throws (bad input gets a 4xx). A request naming another `Host` than
 * the parent origin's gets 421 and no token (the page and the token endpoint both carry one).
 */
function handler(options: ParentServerOptions, parentOrigin: string) {
  const { config, assets, mintToken } = options;
  const firstUser = config.initial.user;
  const ownHost = new URL(parentOrigin).host;
  return (req: IncomingMessage, res: ServerResponse): void => {
    // DNS rebinding: a hostile site whose name now points here would be same-origin with its own
    // page, not with ours, and could read the page's token or mint more. Only our own Host is served.
    if (req.headers.host?.toLowerCase() !== ownHost) {
      send(res, 421, 'text/plain', 'Misdirected request');
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', parentOrigin);
    } catch {
      send(res, 400, 'text/plain', 'Bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'text/plain', 'Method not allowed', { Allow: 'GET, HEAD' });
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      const token = mintToken(firstUser) ?? '';
      const html = renderParentPage({ ...config, token }, parentOrigin);
      send(res, 200, 'text/html', html, {
        'Content-Security-Policy': parentCsp(config.appOrigin),
        'X-Content-Type-Options': 'nosniff',
      });
    } else if (url.pathname === '/parent.js') {
      send(res, 200, 'text/javascript', assets.js, { 'X-Content-Type-Options': 'nosniff' });
    } else if (url.pathname === '/parent.css') {
      send(res, 200, 'text/css', assets.css, { 'X-Content-Type-Options': 'nosniff' });
    } else if (url.pathname === TOKEN_PATH) {
      const name = url.searchParams.get('user') ?? '';
      const token = mintToken(name);
      if (token === undefined)
        send(res, 400, 'application/json', JSON.stringify({ error: `unknown user "${name.slice(0, 40)}"` }));
      else send(res, 200, 'application/json', JSON.stringify({ token }));
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
    } else {
      send(res, 404, 'text/plain', 'Not found');
    }
  };
}

/** Starts the parent server on the origin's host and port; rejects with the listen error. */
export async function startParentServer(options: ParentServerOptions): Promise<RunningParentServer> {
  const origin = new URL(options.origin);
  const host = origin.hostname.replace(/^\[(.*)\]$/, '$1');
  const wanted = Number(origin.port || (origin.protocol === 'https:' ? 443 : 80));
  const server = createServer();
  const port = await listen(server, wanted, host);
  origin.port = String(port);
  const parentOrigin = origin.origin;
  server.on('request', handler(options, parentOrigin));
  return { url: `${parentOrigin}/`, port, close: () => closeServer(server) };
}
