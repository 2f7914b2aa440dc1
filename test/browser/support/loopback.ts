/**
 * A plain node:http server on a loopback address and port 0, for the pieces of a browser test that
 * are not the app (the stand-in portal page, a sub-path front). The app and its API run on the
 * harness's own servers (see app-stack.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, listen as listenOn } from '../../../harness/shared/listen.ts';

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
