/**
 * One scenario of the app in a real browser: a stack (mock API + the harness's app server serving
 * the real build), a stand-in portal on another origin framing the app, and a fresh browser context
 * showing the portal. Each test opens its own and closes it; the browser is shared per file.
 * Every wait gives up after 10 s (`NOTES_TEST_TIMEOUT_MS` changes it), so a broken flow fails
 * fast instead of after Playwright's 30 s.
 */
import type { Browser, BrowserContext, ConsoleMessage, Frame, Page, Request } from 'playwright-core';
import type { WireParentContext } from '../../../src/protocol/messages.ts';
import { type Stack, type StackOptions, startStack } from './app-stack.ts';
import { portalContext } from './learners.ts';
import type { Running } from './loopback.ts';
import { serveParent } from './parent-page.ts';

/** A message the portal received from the frame, with the origin the browser stamped on it. */
export type Received = { origin: string; data: unknown };

/** What a scenario gives a test. */
export type Scenario = {
  stack: Stack;
  context: BrowserContext;
  page: Page;
  /** The app's frame (found again after a reload). */
  frame(): Frame;
  /** Every console message of the page and the app's frame, in order. */
  console: ConsoleMessage[];
  /** Every API request the browser made (including ones a route answered), in order. */
  apiRequests: Request[];
  /** Resolves with the first console message (past or future) `match` accepts. */
  waitForConsole(match: (m: ConsoleMessage) => boolean, timeoutMs?: number): Promise<ConsoleMessage>;
  /** Messages the portal received from the app. */
  received(): Promise<Received[]>;
  /** Posts a message from the portal to the app (to the app's origin unless `target` is given). */
  send(requestId: string, context: unknown, target?: string): Promise<void>;
  close(): Promise<void>;
};

/** Options of a scenario. */
export type ScenarioOptions = {
  /** The stack to run against; one is started (and closed with the scenario) from `stackOptions` if absent. */
  stack?: Stack;
  stackOptions?: StackOptions;
  /** App path the iframe opens, e.g. `/view`. */
  route?: string;
  /** Loopback host of the portal; `localhost` is an allowed dev parent, `127.0.0.2` is not. */
  parentHost?: string;
  /** Context the portal answers LOADED with; null = never answers. Default: Asha on her demo video. */
  context?: WireParentContext | Record<string, unknown> | null;
  /** Width of the frame in CSS px (900 by default). */
  width?: number;
  /**
   * When the portal counts as loaded: `load` (default) or `domcontentloaded`, for a test that holds
   * one of the frame's requests (Firefox's load event waits for the frame's pending imports).
   */
  waitUntil?: 'load' | 'domcontentloaded';
  /** Runs before the portal loads: install routes (faults) that must apply from the first request. */
  setup?: (page: Page) => Promise<unknown>;
  /** Another portal page than the mock portal's: the real portal's stand-in (sunbird-parent.ts). */
  portalPage?: (appUrl: string, width: number) => string;
};

/** Starts the stack (unless given), the portal and a page; waits until the portal has loaded. */
export async function openScenario(browser: Browser, options: ScenarioOptions = {}): Promise<Scenario> {
  const ownStack = !options.stack;
  const stack = options.stack ?? (await startStack(options.stackOptions));
  const parentHost = options.parentHost ?? 'localhost';
  let parent: Running | null = null;
  let context: BrowserContext | null = null;
  try {
    parent = await serveParent(
      parentHost === 'localhost' ? '127.0.0.1' : parentHost,
      stack.appUrl(options.route ?? '/'),
      options.width,
      options.portalPage,
    );
    const parentUrl = parent.origin.replace('127.0.0.1', parentHost);
    context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    context.setDefaultTimeout(Number(process.env.NOTES_TEST_TIMEOUT_MS ?? 10_000));
    const page = await context.newPage();
    const messages: ConsoleMessage[] = [];
    const waiters = new Set<(m: ConsoleMessage) => void>();
    page.on('console', (m) => {
      messages.push(m);
      for (const w of [...waiters]) w(m);
    });
    const apiRequests: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.includes('/api/v1/')) apiRequests.push(r);
    });
    const initial = options.context === undefined ? portalContext() : options.context;
    await page.addInitScript(`window.__ctx = ${JSON.stringify(initial)};`);
    await options.setup?.(page);
    await page.goto(`${parentUrl}/`, { waitUntil: options.waitUntil ?? 'load' });
    const appOrigin = stack.appOrigin;
    const ctx = context;
    const server = parent;
    return {
      stack,
      context: ctx,
      page,
      frame() {
        const f = page.frames().find((x) => x.url().startsWith(appOrigin));
        if (!f) throw new Error('app frame not found');
        return f;
      },
      console: messages,
      apiRequests,
      waitForConsole(match, timeoutMs = 10_000) {
        const seen = messages.find(match);
        if (seen) return Promise.resolve(seen);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`no such console message within ${timeoutMs} ms`));
          }, timeoutMs);
          const waiter = (m: ConsoleMessage) => {
            if (!match(m)) return;
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(m);
          };
          waiters.add(waiter);
        });
      },
      received: () => page.evaluate(() => (window as unknown as { received: Received[] }).received),
      send: (requestId, message, target) =>
        page.evaluate(
          ([r, c, t]) =>
            (window as unknown as { send: (r: unknown, c: unknown, t?: string) => void }).send(
              r,
              c,
              t ?? undefined,
            ),
          [requestId, message, target ?? null] as const,
        ),
      async close() {
        await ctx.close();
        await server.close();
        if (ownStack) await stack.close();
      },
    };
  } catch (error) {
    await context?.close();
    await parent?.close();
    if (ownStack) await stack.close();
    throw error;
  }
}
