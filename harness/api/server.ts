/**
 * The mock notes API as a library (docs/api.md, harness/README.md): `startApi` loads (or seeds) the data file,
 * listens on its own port and serves every path under /api/v1. The CLI and the tests both start
 * it here, with every dependency (clock, randomness, log, files) passed in.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { type Faults, mergeFaults, NO_FAULTS } from '../faults/faults.ts';
import { listen } from '../shared/listen.ts';
import { openDataFile } from './data-file.ts';
import { checkFilesUrl, DEFAULT_FILES_URL } from './files-url.ts';
import { handleRequest } from './handle-request.ts';
import { openJournal } from './journal.ts';
import { seedData } from './seed.ts';
import { createStore } from './store.ts';
import { createUploads, uploadsDirFor } from './uploads.ts';

export type { Faults } from '../faults/faults.ts';

/** How to start the API; only `dataFile` and `secret` are required. */
export type ApiOptions = {
  host?: string;
  port?: number;
  dataFile: string;
  secret: string;
  faults?: Partial<Faults>;
  random?: () => number;
  now?: () => Date;
  log?: (line: string) => void;
  /** The URL prefix the upload answers (harness/api/files-url.ts); `/api/v1/files/` by default. */
  filesUrl?: string | undefined;
};

/** A running API: where it listens, live fault control, and a clean shutdown. */
export type RunningApi = {
  url: string;
  port: number;
  setFaults(f: Partial<Faults>): void;
  close(): Promise<void>;
};

/**
 * Starts the API. Rejects with a clear Error when the data file is broken or foreign (left
 * untouched), or when the port is busy (`code` 'EADDRINUSE').
 */
export async function startApi(options: ApiOptions): Promise<RunningApi> {
  if (!options.secret) throw new Error('The API needs a non-empty secret');
  if (!options.dataFile) throw new Error('The API needs a data file path');
  const filesUrl = checkFilesUrl(options.filesUrl ?? DEFAULT_FILES_URL);
  if (filesUrl instanceof Error) throw filesUrl;
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  let faults = mergeFaults(NO_FAULTS, options.faults ?? {});
  const { notes, keys } = await openDataFile(options.dataFile, () => seedData(now), now);
  const journal = await openJournal(options.dataFile);
  const store = createStore(notes, journal, keys, now);
  const services = {
    store,
    uploads: createUploads(uploadsDirFor(options.dataFile)),
    now,
    newId: () => randomUUID(),
    filesUrl,
  };
  const hung = new Set<ServerResponse>();
  const inflight = new Set<Promise<void>>();
  const wakers = new Set<() => void>();
  let closing = false;
  const pipeline = {
    services,
    secret: options.secret,
    now,
    random: options.random ?? Math.random,
    faults: () => faults,
    log: options.log ?? (() => undefined),
    delay: (ms: number) =>
      new Promise<void>((resolve) => {
        if (closing) return resolve();
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        wakers.add(wake);
      }),
    hang: (res: ServerResponse) => {
      hung.add(res);
      res.on('close', () => hung.delete(res));
    },
    closing: () => closing,
  };
  const server = createServer((req, res) => {
    const call = handleRequest(req, res, pipeline).finally(() => inflight.delete(call));
    inflight.add(call);
  });
  let port: number;
  try {
    port = await listen(server, options.port ?? 0, host);
  } catch (e) {
    await journal.close();
    throw e;
  }
  let closed: Promise<void> | null = null;
  const close = async (): Promise<void> => {
    closing = true;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const wake of [...wakers]) wake();
    for (const res of hung) res.destroy();
    await Promise.race([Promise.allSettled([...inflight]), new Promise((r) => setTimeout(r, 2000).unref())]);
    server.closeAllConnections();
    await Promise.allSettled([...inflight]);
    await stopped;
    await journal.close();
  };
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    setFaults(change) {
      faults = mergeFaults(faults, change);
    },
    close() {
      closed ??= close();
      return closed;
    },
  };
}
