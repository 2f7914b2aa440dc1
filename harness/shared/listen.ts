/**
 * Promise wrappers around `server.listen` and `server.close`, shared by the mock API, the app server and the parent
 * server: reports the bound port and turns listen errors (busy port, unknown host) into a
 * rejection with a clear message that keeps the error `code` (`EADDRINUSE` for a busy port).
 */
import type { Server } from 'node:http';

/** Listens on `host:port` (0 = any free port) and resolves with the actual port. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      const busy = e.code === 'EADDRINUSE';
      const err = new Error(
        busy ? `Port ${port} on ${host} is already in use` : `Cannot listen on ${host}:${port}: ${e.message}`,
      ) as NodeJS.ErrnoException;
      if (e.code) err.code = e.code;
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

/** Closes a server and drops its idle keep-alive sockets so shutdown never hangs. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
