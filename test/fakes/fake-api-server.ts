/**
 * A loopback HTTP server that records every request (method, url, headers, body bytes) and
 * answers with a JSON echo, standing in for the mock notes API behind the app server's proxy.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake API received it. */
export type SeenRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

/** The running fake: its origin, what it saw, and `close`. */
export type FakeApiServer = { url: string; requests: SeenRequest[]; close(): Promise<void> };

/** Starts the fake on 127.0.0.1 with a free port. It answers 201 with `{ method, url, bytes }`. */
export async function startFakeApiServer(): Promise<FakeApiServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Fake-Api': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, bytes: body.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
