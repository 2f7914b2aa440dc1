/**
 * A JWKS endpoint on 127.0.0.1 (node:http, port 0) that the test controls: which keys it serves,
 * whether it is up, and how many times it was fetched. Stands in for Keycloak's `…/certs`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';

/** `up` serves the keys; `error` answers 503; `hang` never answers; `garbage` answers 200 with non-JSON. */
export type KeyServerMode = 'up' | 'error' | 'hang' | 'garbage';

/** The running server and its knobs. */
export type KeyServer = {
  url: string;
  /** GET requests seen on the key set path. */
  fetches(): number;
  setKeys(jwks: { keys: JWK[] }): void;
  setMode(mode: KeyServerMode): void;
  close(): Promise<void>;
};

/** Starts the server with `jwks`; the path mirrors Keycloak's. */
export async function startKeyServer(jwks: { keys: JWK[] }): Promise<KeyServer> {
  const path = '/realms/test/protocol/openid-connect/certs';
  let keys = jwks;
  let mode: KeyServerMode = 'up';
  let count = 0;
  const server: Server = createServer((req, res) => {
    if (req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    count += 1;
    if (mode === 'hang') return;
    if (mode === 'error') {
      res.writeHead(503).end('down');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(mode === 'garbage' ? '<html>not json' : JSON.stringify(keys));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    fetches: () => count,
    setKeys(next) {
      keys = next;
    },
    setMode(next) {
      mode = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A 127.0.0.1 URL on which nothing listens (a port just released), for "the key server is down". */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/realms/test/protocol/openid-connect/certs`;
}
