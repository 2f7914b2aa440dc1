/**
 * Promise wrapper around `server.listen` that reports the bound port and surfaces listen errors
 * (busy port, unknown host) as a rejection instead of an unhandled 'error' event.
 */
import type { Server } from 'node:http';

/** Listens on `host:port` (0 = any free port) and resolves with the actual port. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = (): void => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
