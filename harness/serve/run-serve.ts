/**
 * `harness serve` end to end: build dist/ if stale, then start the notes API (the notes service in
 * dev mode behind the fault proxy), the app server and the mock parent page, print where they
 * are, and hand back one handle that stops all three.
 */
import { join } from 'node:path';
import { API_BASE } from '../../src/protocol/api-types.ts';
import { type Faults, OldDataFileError, type startApi } from '../api/server.ts';
import type { Io, Running } from '../cli/io.ts';
import { listenProblem, UsageError } from '../cli/usage-error.ts';
import { startAppServer } from './app-server.ts';
import { framePolicyFor, harnessAppConfig } from './origin-policy.ts';
import { bundleParentPage } from './parent-bundle.ts';
import { startParentServer } from './parent-server.ts';
import { type ParentSettings, parentPageConfig, tokenMinter } from './parent-setup.ts';

/** Checked settings from the `serve` flags. */
export type ServeSettings = ParentSettings & {
  root: string;
  origin: string;
  appPort: number;
  apiPort: number;
  dataFile: string;
  /** A line to print before starting, about the data (the old mock's file left beside it). */
  dataNote?: string | undefined;
  faults: Faults;
  open: boolean;
  /** What the upload answers before a file name (`--files-url`); the API's default when absent. */
  filesUrl?: string | undefined;
};

/** Everything `runServe` touches outside itself, injectable for tests. */
export type ServeDeps = {
  io: Io;
  env: NodeJS.ProcessEnv;
  ensureDist: (root: string, log: (line: string) => void) => Promise<void>;
  startApi: typeof startApi;
  openInBrowser: (url: string) => string;
};

const HOST = '127.0.0.1';

/** Maps a listen failure to a one-line UsageError naming the flag, else rethrows as is. */
const explain = (what: string, address: string, flag: string) => (err: unknown) => {
  throw listenProblem(err, what, address, flag) ?? err;
};

/**
 * Starts everything; on any failure stops what already started and rejects. The API starts
 * before the (possibly slow) build so a busy `--api-port` fails fast.
 */
export async function runServe(s: ServeSettings, deps: ServeDeps): Promise<Running> {
  const { io } = deps;
  if (new URL(s.origin).protocol !== 'http:') {
    throw new UsageError(
      `--origin ${s.origin}: the mock parent page is served over plain http; use an http:// origin`,
    );
  }
  const assets = await bundleParentPage();
  const policy = framePolicyFor(s.origin, harnessAppConfig(deps.env));
  if (!policy.allowed) {
    io.err(
      `harness: warning: ${s.origin} is not an allowed parent origin, so the app will refuse this parent ` +
        '(CSP frame-ancestors blocks the frame and the app ignores its messages); serving it anyway to show that',
    );
  }
  const started: Running[] = [];
  const stopAll = async (): Promise<void> => {
    for (const r of started.splice(0).reverse()) await r.close();
  };
  if (s.dataNote) io.err(s.dataNote);
  try {
    const api = await deps
      .startApi({
        host: HOST,
        port: s.apiPort,
        dataFile: s.dataFile,
        secret: s.secret,
        faults: s.faults,
        log: io.out,
        filesUrl: s.filesUrl,
      })
      .catch((err: unknown) => {
        if (err instanceof OldDataFileError) throw new UsageError(err.message);
        return explain('notes API', `${HOST}:${s.apiPort}`, '--api-port')(err);
      });
    started.push(api);
    await deps.ensureDist(s.root, io.out);
    const apiOrigin = new URL(api.url).origin;
    const app = await startAppServer({
      root: join(s.root, 'dist'),
      apiTarget: apiOrigin,
      frameAncestors: policy.sources,
      host: HOST,
      port: s.appPort,
    }).catch(explain('app server', `${HOST}:${s.appPort}`, '--app-port'));
    started.push(app);
    const config = parentPageConfig(s, app.origin);
    const mintToken = tokenMinter(s.secret, s.tokenTtl);
    const parent = await startParentServer({ origin: s.origin, config, assets, mintToken }).catch(
      explain('mock parent page', s.origin, '--origin'),
    );
    started.push(parent);
    printSummary(
      io,
      {
        app: app.url,
        api: `${apiOrigin}${API_BASE}`,
        proxied: `${app.origin}${API_BASE}`,
        parent: parent.url,
      },
      s,
    );
    if (s.open) io.out(deps.openInBrowser(parent.url));
    return { close: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** The block a developer reads first: three URLs, the data file, and what to open. */
function printSummary(
  io: Io,
  urls: { app: string; api: string; proxied: string; parent: string },
  s: ServeSettings,
): void {
  io.out('Notes harness is running:');
  io.out(`  App     ${urls.app}`);
  io.out(`  API     ${urls.api}  (the app proxies ${urls.proxied} to it)`);
  io.out(`  Parent  ${urls.parent}`);
  io.out(`  Data    ${s.dataFile}`);
  const portal = s.parent === 'sunbird-cb' ? "sunbird-cb (the real portal's messages)" : 'default';
  const ttl = s.tokenTtl === undefined ? '12 hours' : `${s.tokenTtl} s`;
  io.out(`  Portal  ${portal}; tokens last ${ttl}`);
  io.out(
    `Open ${urls.parent} in a browser (learner ${s.user.name}, route ${s.route}). Ctrl-C stops everything.`,
  );
}
