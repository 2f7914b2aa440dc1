/**
 * Times "iframe navigation → first note visible" under emulated slow 3G. The app frame's own
 * `performance.timeOrigin` is its navigation start, so an init script in that frame notes
 * `performance.now()` at the first painted `<article>`: no polling error, no clock skew.
 */
import type { Browser, Page } from 'playwright-core';

/** Chromium's emulated slow link (DESIGN §7). */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

const MARK_FIRST_NOTE = `(() => {
  const mark = () => requestAnimationFrame(() => { window.__firstNote = performance.now(); });
  new MutationObserver((_, obs) => {
    if (document.querySelector('main article')) { obs.disconnect(); mark(); }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Cold and warm samples in ms, and what a cold load transferred from the app origin. */
export type FirstNoteTimings = { cold: number[]; warm: number[]; coldBytes: number; coldRequests: number };

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
}

async function firstNote(page: Page, appOrigin: string): Promise<number> {
  const frame = await (async () => {
    for (let i = 0; i < 400; i++) {
      const f = page.frames().find((x) => x.url().startsWith(appOrigin));
      if (f) return f;
      await page.waitForTimeout(25);
    }
    throw new Error('the app frame never appeared');
  })();
  const handle = await frame.waitForFunction(
    () => (window as unknown as { __firstNote?: number }).__firstNote,
    null,
    {
      timeout: 30_000,
    },
  );
  return Number(await handle.jsonValue());
}

/** Loads the portal `runs` times cold (fresh profile) and warm (reload in the same profile). */
export async function measureFirstNote(
  browser: Browser,
  parentUrl: string,
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
    await page.goto(parentUrl);
    result.cold.push(await firstNote(page, appOrigin));
    if (i === 0) {
      await page.waitForTimeout(500);
      result.coldBytes = bytes;
      result.coldRequests = requests;
    }
    // A repeat visit: navigate to the portal again (a reload would revalidate more than a visit does).
    await page.goto('about:blank');
    await page.goto(parentUrl);
    result.warm.push(await firstNote(page, appOrigin));
    await context.close();
  }
  return result;
}
