/**
 * One tab of the learner's browser: a page of the shared browser context showing the portal, and
 * the app's frame in it. Both tabs open the same portal on `localhost` with the frame on the same
 * origin, so their frames share one storage partition — one learner's two frames, as the browser
 * tests' second page (test/browser/support/second-page.ts) has them.
 */
import type { BrowserContext, Frame, Page } from 'playwright-core';

/** A tab: its name in the report (`A`, `B`), its page, and its app frame as it is now. */
export type Tab = {
  name: string;
  page: Page;
  /** The app's frame (found again after a reload); waits up to 15 s for it. */
  frame(): Promise<Frame>;
  /**
   * Brings the tab to the front, as a learner's click on it would. Headless Chromium draws a tab
   * that is not in front at one frame a second, and Playwright's clicks wait for the page to draw
   * (its element-is-stable check): working in a tab left behind made every click take about 1 s
   * and Save about 2–4 s, which was the soak's, not the app's, "slow Save" with two frames.
   */
  front(): Promise<void>;
};

/** What opening a tab needs: where the portal and the app are, and where errors go. */
export type TabSettings = {
  context: BrowserContext;
  portalUrl: string;
  appOrigin: string;
  errors: string[];
  /** Runs on the new page before it opens the portal (routes that must see its first requests). */
  beforeOpen?: (page: Page, appOrigin: string) => Promise<void>;
};

/** Opens the portal in a new page of the context; console errors and uncaught exceptions go to `errors`. */
export async function openTab(name: string, s: TabSettings): Promise<Tab> {
  const page = await s.context.newPage();
  page.on('console', (m) => {
    // Failed fetches are the point of the soak; only other errors are worth a line.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      s.errors.push(`${name} console: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => s.errors.push(`${name} uncaught: ${e.message.slice(0, 300)}`));
  await s.beforeOpen?.(page, s.appOrigin);
  await page.goto(s.portalUrl);
  return {
    name,
    page,
    front: () => page.bringToFront(),
    async frame(): Promise<Frame> {
      for (let i = 0; i < 300; i++) {
        const f = page.frames().find((x) => x.url().startsWith(s.appOrigin));
        if (f) return f;
        await page.waitForTimeout(50);
      }
      throw new Error(
        `the app frame never appeared in tab ${name} (frames: ${page
          .frames()
          .map((f) => f.url())
          .join(', ')})`,
      );
    },
  };
}
