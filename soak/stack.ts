/**
 * Everything the soak's learner works in, started the way `harness serve` and the browser tests
 * start it: the build (rebuilt when stale), the harness's app server (deployment CSP, caching,
 * `/api/v1` proxied to the API's port — a dead API is a 502 there), a portal on `localhost`
 * framing the app on `127.0.0.1` (cross-site, as in production; which portal: portal.ts), and
 * Debian's Chromium with third-party storage partitioning on, so the frame has its own `localStorage`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { type RunningAppServer, startAppServer } from '../harness/serve/app-server.ts';
import { staleReason } from '../harness/serve/ensure-dist.ts';
import { frameAncestors, LOCAL_DEV_CONFIG } from '../src/config/app-config.ts';
import { launchChromium } from '../test/browser/support/chromium.ts';
import { type SoakPortal, startSoakPortal } from './portal.ts';
import { openTab, type Tab, type TabSettings } from './tabs.ts';

/** Builds into `dist` (relative to `root` or absolute) when it is missing or older than the sources. */
export async function ensureBuild(root: string, dist: string, say: (line: string) => void): Promise<void> {
  const reason = staleReason(root, dist);
  if (reason === null) return;
  say(`building ${dist} (${reason})…`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs', '--quiet', '--local-parents', '--out', dist], {
      cwd: root,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node build.mjs exited with ${code}`)),
    );
  });
}

/** The running world: the tabs showing the portal (the first one also as `page`/`frame`), and shutdown. */
export type World = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  appOrigin: string;
  /** Console errors and uncaught exceptions of the pages and their frames, newest last. */
  errors: string[];
  /** The first tab's app frame as it is now (found again after a reload); waits up to 15 s for it. */
  frame(): Promise<Frame>;
  /** The tabs open, the first first. */
  tabs: Tab[];
  /** Opens the portal again in a new tab of the same context: the learner's second frame. */
  openTab(): Promise<Tab>;
  close(): Promise<void>;
};

/**
 * Starts the app server (proxying to `apiUrl`), the portal and Chromium, and opens the portal.
 * `tokenTtl` null: the stand-in portal with a 12-hour token; else the sunbird-cb portal (portal.ts).
 */
export async function startWorld(
  dist: string,
  apiUrl: string,
  tokenTtl: number | null,
  beforeOpen?: TabSettings['beforeOpen'],
): Promise<World> {
  const started: { close(): Promise<void> }[] = [];
  try {
    const app: RunningAppServer = await startAppServer({
      root: dist,
      apiTarget: apiUrl,
      frameAncestors: frameAncestors(LOCAL_DEV_CONFIG),
      port: 0,
    });
    started.push(app);
    const portal: SoakPortal = await startSoakPortal(app.origin, tokenTtl);
    started.push(portal);
    const browser = await launchChromium();
    started.push(browser);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(30_000);
    if (portal.initScript) await context.addInitScript(portal.initScript);
    const errors: string[] = [];
    const settings: TabSettings = { context, portalUrl: portal.url, appOrigin: app.origin, errors };
    const first = await openTab('A', { ...settings, beforeOpen });
    const tabs = [first];
    return {
      browser,
      context,
      page: first.page,
      appOrigin: app.origin,
      errors,
      frame: first.frame,
      tabs,
      async openTab() {
        const tab = await openTab(String.fromCharCode(65 + tabs.length), settings);
        tabs.push(tab);
        return tab;
      },
      async close() {
        for (const s of started.reverse()) await s.close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const s of started.reverse()) await s.close().catch(() => undefined);
    throw error;
  }
}

/** The default build directory of the repository. */
export const defaultDist = (root: string): string => join(root, 'dist');
