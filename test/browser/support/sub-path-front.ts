/**
 * A portal's reverse proxy that mounts the app under a sub-path (`/notes/`): `/notes/x` is
 * forwarded to the harness's app server as `/x` (headers, CSP and all, both ways); anything outside
 * the mount is a 404. The base-path test serves a `--base /notes/` build through it.
 */
import { request } from 'node:http';
import { listen, type Running } from './loopback.ts';

/** Serves `target` (an origin) under `mount` (e.g. `/notes/`) on a new loopback port. */
export function mountUnder(mount: string, target: string, host = '127.0.0.1'): Promise<Running> {
  const prefix = mount.replace(/\/+$/, '');
  const upstream = new URL(target);
  return listen(host, (req, res) => {
    const url = req.url ?? '/';
    if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('outside the mount');
      return;
    }
    const forwarded = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url.slice(prefix.length) || '/',
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(forwarded);
  });
}
