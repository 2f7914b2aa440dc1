/**
 * The mock API behind the harness's app server (serving a fake dist), for the tests of what the
 * `/api/v1` proxy passes through. Everything binds to loopback and is removed by `close`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApi, startApi } from '../../../harness/api/server.ts';
import { type RunningAppServer, startAppServer } from '../../../harness/serve/app-server.ts';
import { createFakeDist, type FakeDist } from '../../fakes/fake-dist.ts';

/** The running pair, its fake dist, and one clean-up for all of it. */
export type ProxyStack = { dist: FakeDist; api: RunningApi; app: RunningAppServer; close(): Promise<void> };

/** Starts the API (signing with `secret`, data in a fresh temp dir) and the app server proxying to it. */
export async function startProxyStack(secret: string): Promise<ProxyStack> {
  const dir = await mkdtemp(join(tmpdir(), 'notes-proxy-'));
  const dist = createFakeDist();
  const api = await startApi({ dataFile: join(dir, 'notes.db'), secret });
  const app = await startAppServer({ root: dist.root, apiTarget: api.url, frameAncestors: [], port: 0 });
  return {
    dist,
    api,
    app,
    async close() {
      await app.close();
      await api.close();
      dist.remove();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
