/**
 * Times "`Add note` pressed → editor ready" under emulated slow 3G, each run in a fresh browser
 * context (empty cache). Ready means the new-note form's editor can be typed into: Quill's editable
 * root (`[role=textbox][contenteditable=true]`) — or a text area, when the build has no rich editor
 * or the editor fell back to one — is in the form, and a frame has been painted since. An init
 * script in the app frame stamps both ends with the frame's own `performance.now()`. Two ways:
 * - `first note`: pressed the moment the first note is painted, before the idle prefetch could
 *   bring the editor in — its code crosses the slow link after the press (the cold case);
 * - `after prefetch`: pressed once the frame's network has been quiet for 2 s, so the prefetch
 *   after the first note had its chance (what a learner who reads first gets).
 * Each run's floor is that of what it fetched between the press and ready (floor.ts).
 */
import type { Browser, Frame } from 'playwright-core';
import { appFrame } from './app-frame.ts';
import { type Fetch, type Floor, floorOf } from './floor.ts';
import { SLOW_3G, throttle } from './network.ts';

/** One press: ms to ready, what was ready, and the floor of what it fetched meanwhile. */
export type EditorRun = { ms: number; kind: string; floor: Floor; requests: number };

/** Both ways, and samples that failed (by their first line). */
export type EditorReady = { firstNote: EditorRun[]; afterPrefetch: EditorRun[]; failures: string[] };

const PROBE = `(() => {
  const w = window;
  const box = () => document.querySelector('.add-note [role=textbox][contenteditable=true], .add-note textarea');
  document.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (!b || b.textContent.trim() !== 'Add note' || w.__addAt !== undefined) return;
    w.__addAt = performance.now();
    const check = () => {
      const el = box();
      if (!el || w.__ready !== undefined) return false;
      w.__readyKind = el.tagName === 'TEXTAREA' ? 'text area' : 'rich editor';
      requestAnimationFrame(() => setTimeout(() => { w.__ready = performance.now(); }, 0));
      return true;
    };
    if (check()) return;
    new MutationObserver((_, obs) => { if (check()) obs.disconnect(); })
      .observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable'] });
  }, true);
})();`;

type Marks = { addAt: number; ready: number; kind: string; fetches: Fetch[] };

async function press(frame: Frame): Promise<Marks> {
  await frame.getByRole('button', { name: 'Add note', exact: true }).click();
  await frame.waitForFunction(() => (window as unknown as { __ready?: number }).__ready, null, {
    timeout: 60_000,
  });
  return frame.evaluate(() => {
    const w = window as unknown as { __addAt: number; __ready: number; __readyKind: string };
    return {
      addAt: w.__addAt,
      ready: w.__ready,
      kind: w.__readyKind,
      fetches: performance.getEntriesByType('resource').map((e) => ({
        name: e.name,
        start: e.startTime,
        end: (e as PerformanceResourceTiming).responseEnd,
        bytes: (e as PerformanceResourceTiming).transferSize,
      })),
    };
  });
}

/** Resolves once the frame has started no fetch for `quietMs` (bounded by 60 s). */
async function quiet(frame: Frame, quietMs: number): Promise<void> {
  const end = Date.now() + 60_000;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < end) {
    const n = await frame.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).responseEnd > 0).length,
    );
    if (n !== seen) {
      seen = n;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await frame.waitForTimeout(100);
  }
}

async function once(
  browser: Browser,
  portalUrl: string,
  appOrigin: string,
  wait: boolean,
): Promise<EditorRun> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await throttle(page);
    await page.goto(portalUrl);
    const frame = await appFrame(page, appOrigin);
    await frame.waitForSelector('main article', { timeout: 60_000 });
    if (wait) await quiet(frame, 2000);
    const m = await press(frame);
    // A fetch already on its way at the press counts from the press, with the share of its bytes
    // still to come then (in proportion to its remaining time).
    const during = m.fetches
      .filter((f) => f.end > m.addAt)
      .map((f) =>
        f.start >= m.addAt
          ? f
          : {
              ...f,
              start: m.addAt,
              bytes: Math.round((f.bytes * (f.end - m.addAt)) / Math.max(1, f.end - f.start)),
            },
      );
    const floor = floorOf(during, m.ready, SLOW_3G.latency, SLOW_3G.downloadThroughput);
    const requests = during.filter((f) => f.bytes > 0 && f.end <= m.ready).length;
    return { ms: m.ready - m.addAt, kind: m.kind, floor, requests };
  } finally {
    await context.close();
  }
}

/** `runs` presses each way, each in a fresh context; a sample failing twice is left out and noted. */
export async function measureEditorReady(
  browser: Browser,
  portalUrl: string,
  appOrigin: string,
  runs: number,
): Promise<EditorReady> {
  const out: EditorReady = { firstNote: [], afterPrefetch: [], failures: [] };
  const attempt = async (wait: boolean, into: EditorRun[]) => {
    for (let i = 0; i < 2; i++) {
      try {
        into.push(await once(browser, portalUrl, appOrigin, wait));
        return;
      } catch (error) {
        out.failures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
      }
    }
  };
  for (let i = 0; i < runs; i++) {
    await attempt(false, out.firstNote);
    await attempt(true, out.afterPrefetch);
  }
  return out;
}
