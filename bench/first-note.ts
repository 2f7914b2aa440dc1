/**
 * Times "iframe navigation → first note visible" under emulated slow 3G. The app frame's own
 * `performance.timeOrigin` is its navigation start, so an init script in that frame notes
 * `performance.now()` at the first painted `<article>`: no polling error, no clock skew. The
 * frame's resource timing then gives each load's floor (floor.ts). The browser must run the frame
 * in its portal's process (site isolation off), or the page's emulation would not reach the frame.
 */
import type { Browser, Page } from 'playwright-core';
import { appFrame } from './app-frame.ts';
import { type Fetch, type Floor, floorOf } from './floor.ts';

/** Chromium's emulated slow link (DESIGN §7). */
export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

const MARK_FIRST_NOTE = `(() => {
  const mark = () => requestAnimationFrame(() => { window.__firstNote = performance.now(); });
  new MutationObserver((_, obs) => {
    if (document.querySelector('main article')) { obs.disconnect(); mark(); }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** One load: ms to the first painted note, and the floor of what it fetched to get there. */
export type FirstNoteRun = { ms: number; floor: Floor };

/** Cold and warm runs, and what the first cold load transferred from the app origin. */
export type FirstNoteTimings = {
  cold: FirstNoteRun[];
  warm: FirstNoteRun[];
  coldBytes: number;
  coldRequests: number;
};

/** Applies SLOW_3G to `page` (and, with site isolation off, to the frames it runs in its process). */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
}

async function firstNote(page: Page, appOrigin: string): Promise<FirstNoteRun> {
  const frame = await appFrame(page, appOrigin);
  const handle = await frame.waitForFunction(
    () => (window as unknown as { __firstNote?: number }).__firstNote,
    null,
    { timeout: 30_000 },
  );
  const ms = Number(await handle.jsonValue());
  const fetches: Fetch[] = await frame.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
      name: e.name,
      start: e.startTime,
      end: (e as PerformanceResourceTiming).responseEnd,
      bytes: (e as PerformanceResourceTiming).transferSize,
    })),
  );
  return { ms, floor: floorOf(fetches, ms, SLOW_3G.latency, SLOW_3G.downloadThroughput) };
}

/** Loads the portal `runs` times cold (fresh profile) and warm (a second visit in the same profile). */
export async function measureFirstNote(
  browser: Browser,
  portalUrl: string,
  appOrigin: string,
  runs: number,
): Promise<FirstNoteTimings> {
  const result: FirstNoteTimings = { cold: [], warm: [], coldBytes: 0, coldRequests: 0 };
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    await context.addInitScript(MARK_FIRST_NOTE);
    const page = await context.newPage();
    await throttle(page);
    let bytes = 0;
    let requests = 0;
    page.on('requestfinished', async (req) => {
      if (!req.url().startsWith(appOrigin)) return;
      const sizes = await req.sizes().catch(() => null);
      if (sizes) {
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        requests++;
      }
    });
    await page.goto(portalUrl);
    result.cold.push(await firstNote(page, appOrigin));
    if (i === 0) {
      await page.waitForTimeout(500);
      result.coldBytes = bytes;
      result.coldRequests = requests;
    }
    // A repeat visit: navigate to the portal again (a reload would revalidate more than a visit does).
    await page.goto('about:blank');
    await page.goto(portalUrl);
    result.warm.push(await firstNote(page, appOrigin));
    await context.close();
  }
  return result;
}
