/**
 * Times "iframe navigation → first note visible" on an emulated link (network.ts). The app frame's
 * own `performance.timeOrigin` is its navigation start, so an init script in that frame notes
 * `performance.now()` at the first painted `<article>` in `<main>`: no polling error, no clock skew.
 * The frame's resource timing then gives each load's floor (floor.ts). The browser must run the
 * frame in its portal's process (site isolation off, browser.ts), or the page's emulation would not
 * reach the frame. Works for any app with that markup: ours and the React baseline alike.
 */
import type { Browser, Page } from 'playwright-core';
import { appFrame } from './app-frame.ts';
import { type Fetch, type Floor, floorOf } from './floor.ts';
import { type NetworkProfile, SLOW_3G, throttle } from './network.ts';

export { SLOW_3G, throttle };

/**
 * What to load: the portal page that frames an app, and that app's origin. `keepsCopy`: the app
 * keeps a copy of the lists on the device (ours, not the React baseline), so the repeat visit
 * waits until the first visit has kept it. `label`: the first note counts only once `<main>` also
 * shows this text (the Add note button in the learner's language, issue 14).
 */
export type Target = { portalUrl: string; appOrigin: string; keepsCopy?: boolean; label?: string };

const MARK_FIRST_NOTE = `(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const mark = () => requestAnimationFrame(() => { window.__firstNote = performance.now(); });
  new MutationObserver((_, obs) => {
    const main = document.querySelector('main');
    const label = window.__benchLabel;
    if (main && main.querySelector('article') && (!label || main.textContent.includes(label))) { obs.disconnect(); mark(); }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * One load: ms to the first painted note, the floor of what it fetched to get there, and when the
 * notes on screen were up to date from the network (the first API answer in, or the first note if
 * later). `beforeApi`: the note was painted before the first API answer ended, so it came from the
 * copy kept on the device (absent in results written before the copy). The floor's `bytes` are
 * what the frame received before the first note (issue 26's "bytes before the first note"): every
 * response that ended by then, the document, the API answer and the catalogue included.
 * `longestTask`: the frame's longest main-thread task that started before the first note, in ms
 * (0: none of 50 ms or more, the shortest a long task is; absent in results before issue 26).
 */
export type FirstNoteRun = {
  ms: number;
  floor: Floor;
  upToDateMs: number;
  beforeApi?: boolean;
  longestTask?: number;
};

/** How long to wait for the first API answer after the first note (it may still be on the slow link). */
const API_WAIT_MS = 15_000;
/** How long the cold visit waits for the copy to be kept before the repeat visit. */
const KEPT_WAIT_MS = 15_000;

/** Cold and warm runs, what the first cold load transferred from the app origin, failed samples. */
export type FirstNoteTimings = {
  cold: FirstNoteRun[];
  warm: FirstNoteRun[];
  coldBytes: number;
  coldRequests: number;
  failures?: string[];
};

async function firstNote(page: Page, appOrigin: string, profile: NetworkProfile): Promise<FirstNoteRun> {
  const frame = await appFrame(page, appOrigin);
  const handle = await frame.waitForFunction(
    () => (window as unknown as { __firstNote?: number }).__firstNote,
    null,
    { timeout: 30_000 },
  );
  const ms = Number(await handle.jsonValue());
  // A resource entry exists only once its response ended: wait for the first API answer.
  await frame
    .waitForFunction(
      () => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/v1/')),
      null,
      { timeout: API_WAIT_MS },
    )
    .catch(() => undefined);
  const fetches: Fetch[] = await frame.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => ({
      name: e.name,
      start: e.startTime,
      end: (e as PerformanceResourceTiming).responseEnd,
      bytes: (e as PerformanceResourceTiming).transferSize,
    })),
  );
  const api = fetches.filter((f) => f.name.includes('/api/v1/')).map((f) => f.end);
  const firstApi = api.length ? Math.min(...api) : Number.POSITIVE_INFINITY;
  const tasks: [number, number][] = await frame.evaluate(
    () => (window as unknown as { __longTasks?: [number, number][] }).__longTasks ?? [],
  );
  return {
    ms,
    floor: floorOf(fetches, ms, profile.latency, profile.downloadThroughput),
    upToDateMs: Number.isFinite(firstApi) ? Math.max(ms, firstApi) : ms,
    beforeApi: Number.isFinite(firstApi) && ms < firstApi,
    longestTask: Math.max(0, ...tasks.filter(([start]) => start < ms).map(([, duration]) => duration)),
  };
}

/**
 * Waits (at most KEPT_WAIT_MS) until the app frame's storage holds the copy kept on the device
 * (`notes:kept`, written by a lazy chunk after the server's first page): a repeat visit follows a
 * visit long enough for the learner to have seen the list. True if the copy is there.
 */
async function keptWritten(page: Page, appOrigin: string): Promise<boolean> {
  const frame = await appFrame(page, appOrigin);
  return frame
    .waitForFunction(() => localStorage.getItem('notes:kept') !== null, null, { timeout: KEPT_WAIT_MS })
    .then(
      () => true,
      () => false,
    );
}

/** One cold load in a fresh context (empty cache), and a warm repeat visit in the same context. */
export type ColdAndWarm = { cold: FirstNoteRun; warm: FirstNoteRun; bytes: number; requests: number };

/** Loads `target` cold then warm on `profile`; `bytes`/`requests` count the cold load's app-origin traffic. */
export async function coldAndWarm(
  browser: Browser,
  target: Target,
  profile: NetworkProfile,
): Promise<ColdAndWarm> {
  const context = await browser.newContext();
  try {
    if (target.label) await context.addInitScript(`window.__benchLabel = ${JSON.stringify(target.label)};`);
    await context.addInitScript(MARK_FIRST_NOTE);
    const page = await context.newPage();
    await throttle(page, profile);
    let bytes = 0;
    let requests = 0;
    let counting = true;
    page.on('requestfinished', async (req) => {
      if (!counting || !req.url().startsWith(target.appOrigin)) return;
      const sizes = await req.sizes().catch(() => null);
      if (sizes) {
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        requests++;
      }
    });
    await page.goto(target.portalUrl);
    const cold = await firstNote(page, target.appOrigin, profile);
    await page.waitForTimeout(500); // let the cold load's last requests report their sizes
    counting = false;
    if (target.keepsCopy) await keptWritten(page, target.appOrigin);
    // A repeat visit: navigate to the portal again (a reload would revalidate more than a visit does).
    await page.goto('about:blank');
    await page.goto(target.portalUrl);
    const warm = await firstNote(page, target.appOrigin, profile);
    return { cold, warm, bytes, requests };
  } finally {
    await context.close();
  }
}

/** Adds one cold-and-warm sample to `into`, trying twice; a failure is noted, never thrown. */
export async function sampleInto(
  into: FirstNoteTimings,
  browser: Browser,
  target: Target,
  profile: NetworkProfile,
): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const s = await coldAndWarm(browser, target, profile);
      if (!into.cold.length) {
        into.coldBytes = s.bytes;
        into.coldRequests = s.requests;
      }
      into.cold.push(s.cold);
      into.warm.push(s.warm);
      return;
    } catch (error) {
      into.failures = [
        ...(into.failures ?? []),
        error instanceof Error ? error.message.split('\n')[0]! : String(error),
      ];
    }
  }
}

/** No samples yet. */
export const emptyTimings = (): FirstNoteTimings => ({ cold: [], warm: [], coldBytes: 0, coldRequests: 0 });

/** Loads `target` `runs` times cold (fresh profile) and warm (a second visit in the same profile). */
export async function measureFirstNote(
  browser: Browser,
  target: Target,
  runs: number,
  profile: NetworkProfile = SLOW_3G,
): Promise<FirstNoteTimings> {
  const result = emptyTimings();
  for (let i = 0; i < runs; i++) await sampleInto(result, browser, target, profile);
  return result;
}

/** "5 of 7": how many of `runs` painted the first note before the first API answer ended (from the copy). */
export const beforeApiCount = (runs: readonly FirstNoteRun[]): string =>
  `${runs.filter((r) => r.beforeApi).length} of ${runs.length}`;
