/**
 * The harness's notes API (harness/README.md): the real notes service (server/) in dev mode — a
 * SQLite file, HS256 tokens signed with the harness's secret, the seeded learners on a new file —
 * behind the harness's fault proxy (harness/faults/fault-proxy.ts), which is what callers reach.
 * The CLI, the browser tests, the soak and the benches all start it here, with every dependency
 * (clock, randomness, log) passed in.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { type Authenticator, createAuthenticator } from '../../server/src/auth/index.ts';
import type { NotesStore } from '../../server/src/parts.ts';
import { openStore } from '../../server/src/store/notes-store.ts';
import { startFaultProxy } from '../faults/fault-proxy.ts';
import type { Faults } from '../faults/faults.ts';
import { ensureDatabase, uploadsDirFor } from './database.ts';
import { checkFilesUrl, DEFAULT_FILES_URL, servedPath } from './files-url.ts';
import { seedData } from './seed.ts';

export type { Faults } from '../faults/faults.ts';
export { OldDataFileError, seedDatabase } from './database.ts';

/** How to start the API; only `dataFile` and `secret` are required. */
export type ApiOptions = {
  host?: string;
  port?: number;
  /** The SQLite database file; created with the seed when missing. */
  dataFile: string;
  secret: string;
  faults?: Partial<Faults>;
  random?: () => number;
  /** The service's clock: it dates a new file's seed, stamps writes and checks token expiry. */
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
 * The mock had no rate limit and the harness's tests, soak and benches call as one learner at full
 * speed, so the service's per-learner limit is set out of reach here.
 */
const NO_RATE_LIMIT = { max: 1_000_000_000, windowMs: 1000 };

/** Stops what started, last first, ignoring failures (a close must not hide the original error). */
async function stopAll(parts: {
  app?: FastifyInstance;
  store?: NotesStore;
  authenticator?: Authenticator;
}): Promise<void> {
  await parts.app?.close().catch(() => undefined);
  parts.authenticator?.close();
  await parts.store?.close().catch(() => undefined);
}

/**
 * Starts the service on 127.0.0.1 (an ephemeral port) and the fault proxy on `host:port`. Rejects
 * with a clear Error when the data file is the old mock's (OldDataFileError) or not a notes
 * database (left untouched), or when the port is busy (`code` 'EADDRINUSE').
 */
export async function startApi(options: ApiOptions): Promise<RunningApi> {
  if (!options.secret) throw new Error('The API needs a non-empty secret');
  if (!options.dataFile) throw new Error('The API needs a data file path');
  const filesUrl = checkFilesUrl(options.filesUrl ?? DEFAULT_FILES_URL);
  if (filesUrl instanceof Error) throw filesUrl;
  const now = options.now ?? (() => new Date());
  await ensureDatabase(options.dataFile, () => seedData(now));
  const store = await openStore(options.dataFile, { now }).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    throw new Error(message.includes(options.dataFile) ? message : `${options.dataFile}: ${message}`);
  });
  let authenticator: Authenticator | undefined;
  let app: FastifyInstance | undefined;
  try {
    authenticator = await createAuthenticator({ mode: 'dev', secret: options.secret, now });
    app = await buildApp({
      store,
      authenticator,
      files: uploadsDirFor(options.dataFile),
      now,
      filesUrl,
      log: false,
      limits: { rateLimit: NO_RATE_LIMIT },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const servicePort = typeof address === 'object' && address ? address.port : 0;
    const proxy = await startFaultProxy({
      upstream: `http://127.0.0.1:${servicePort}`,
      ...(options.host ? { host: options.host } : {}),
      port: options.port ?? 0,
      faults: options.faults ?? {},
      ...(options.random ? { random: options.random } : {}),
      ...(options.log ? { log: options.log } : {}),
      rewrite: (method, url) => servedPath(filesUrl, method, url),
    });
    const running = { app, store, authenticator };
    let closed: Promise<void> | null = null;
    return {
      url: proxy.url,
      port: proxy.port,
      setFaults: (change) => proxy.setFaults(change),
      close() {
        closed ??= proxy.close().then(() => stopAll(running));
        return closed;
      },
    };
  } catch (e) {
    await stopAll({ ...(app ? { app } : {}), store, ...(authenticator ? { authenticator } : {}) });
    throw e;
  }
}
