/**
 * One scenario of the app in a real browser: the built app on http://127.0.0.1:<port> with a fake
 * API, a parent page on another origin, and a Chromium page showing the parent. Each test opens
 * its own and closes it.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, ConsoleMessage, Frame, Page } from 'playwright-core';
import type { WireParentContext } from '../../../src/protocol/messages.ts';
import { makeJwt } from '../../fakes/fake-jwt.ts';
import { serveParent } from './parent-page.ts';
import { type ApiHandler, type Running, serveApp } from './static-app.ts';

/** The built app the browser tests run against (test/run.mjs builds it first). */
export const DIST = fileURLToPath(new URL('../../../dist', import.meta.url));

/** A complete context as a portal would send it; `over` replaces fields. */
export function wireContext(over: Partial<WireParentContext> = {}): WireParentContext {
  return {
    rootOrg: 'Infosys',
    org: 'Infosys Ltd',
    url: '/app/toc/course-1',
    locale: 'en',
    theme: { name: 'blue' },
    darkMode: false,
    user: {
      token: makeJwt({
        wid: 'wid-zoe',
        email: 'zoe@example.com',
        given_name: 'Zoë',
        family_name: 'Ångström',
      }),
    },
    playerData: { resourceId: 'r1', resourceTitle: 'Intro video', courseId: 'c1', currentTime: 75 },
    ...over,
  };
}

/** What a scenario gives a test. */
export type Scenario = {
  page: Page;
  frame: () => Frame;
  console: ConsoleMessage[];
  /** Messages the parent received from the app. */
  received: () => Promise<{ origin: string; data: unknown }[]>;
  /** Posts a message from the parent to the app. */
  send: (requestId: string, context: unknown) => Promise<void>;
  close(): Promise<void>;
};

/** Options of a scenario. */
export type ScenarioOptions = {
  api: ApiHandler;
  /** App path the iframe opens, e.g. `/view`. */
  route?: string;
  /** Loopback host of the parent page; `localhost` is an allowed dev parent, `127.0.0.2` is not. */
  parentHost?: string;
  /** Context the parent answers LOADED with; null = never answers. */
  context?: WireParentContext | null;
  width?: number;
  /** Another build to serve, and the base path it was built for. */
  dist?: string;
  base?: string;
};

/** Starts the app, the parent and a page; waits until the parent page has loaded. */
export async function openScenario(browser: Browser, options: ScenarioOptions): Promise<Scenario> {
  const app: Running = await serveApp(options.dist ?? DIST, options.api, options.base);
  const parentHost = options.parentHost ?? 'localhost';
  const parent = await serveParent(
    parentHost === 'localhost' ? '127.0.0.1' : parentHost,
    `${app.origin}${options.route ?? '/'}`,
    options.width,
  );
  const parentUrl = parent.origin.replace('127.0.0.1', parentHost);
  const page = await browser.newPage();
  const messages: ConsoleMessage[] = [];
  page.on('console', (m) => messages.push(m));
  const context = options.context === undefined ? wireContext() : options.context;
  await page.addInitScript(`window.__ctx = ${JSON.stringify(context)};`);
  await page.goto(`${parentUrl}/`);
  const frame = () => {
    const f = page.frames().find((x) => x.url().startsWith(app.origin));
    if (!f) throw new Error('app frame not found');
    return f;
  };
  return {
    page,
    frame,
    console: messages,
    received: () =>
      page.evaluate(() => (window as unknown as { received: { origin: string; data: unknown }[] }).received),
    send: (requestId, ctx) =>
      page.evaluate(
        ([r, c]) => (window as unknown as { send: (r: unknown, c: unknown) => void }).send(r, c),
        [requestId, ctx] as const,
      ),
    async close() {
      await page.close();
      await Promise.all([app.close(), parent.close()]);
    },
  };
}
