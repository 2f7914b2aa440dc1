/**
 * The 10,000-note budgets of `/view` (issue 6): a data file with 10,000 notes for the bench
 * learner, the harness's API and app server over it, and Chromium without throttling (site
 * isolation on, as shipped). Measures the first render (view-first-render.ts), then, in one
 * fresh page, a scroll from the top that loads notes through the UI as it goes (view-scroll.ts,
 * bounded in time) and search keystrokes over whatever that loaded (view-search.ts). Notes loaded
 * are counted from the API answers the frame received.
 */
import { join } from 'node:path';
import { launchChromium } from '../test/browser/support/chromium.ts';
import { appFrame } from './app-frame.ts';
import { FRAME_PROBES, type ScrollMarks } from './frame-probes.ts';
import { benchNotes, writeBenchData } from './notes-10k.ts';
import { BENCH_USER, startStack } from './stack.ts';
import { type FirstRender, measureFirstRender } from './view-first-render.ts';
import { scrollPass } from './view-scroll.ts';
import { type KeySample, measureSearch } from './view-search.ts';

/** Notes stored for the learner. */
export const NOTE_COUNT = 10_000;

/** Pixels scrolled per animation frame: under the 600 px frame's height, so no row is skipped over. */
export const SCROLL_STEP = 500;

/** Everything measured at 10,000 notes. */
export type View10k = {
  notes: number;
  firstRender: FirstRender;
  scroll: ScrollMarks & { step: number; maxMs: number; loaded: number };
  search: KeySample[];
  /** Notes loaded when the search began, and when it ended (the server is asked as typing pauses). */
  loadedBeforeSearch: number;
  loadedAfterSearch: number;
};

/**
 * Runs the 10,000-note measurements against the build in `dist`, scratch files in `dir`;
 * `runs` first renders each way, a scroll of at most `scrollMs`.
 */
export async function measureView10k(
  dist: string,
  dir: string,
  runs: number,
  scrollMs: number,
): Promise<View10k> {
  const dataFile = join(dir, 'notes-10k.db');
  await writeBenchData(dataFile, benchNotes(BENCH_USER, NOTE_COUNT, new Date()));
  const stack = await startStack(dist, dataFile);
  const browser = await launchChromium();
  try {
    const firstRender = await measureFirstRender(browser, stack, runs);
    const context = await browser.newContext();
    await context.addInitScript(FRAME_PROBES);
    const page = await context.newPage();
    const loaded = new Set<string>();
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/v1/notes/fetch') || !response.ok()) return;
      reading.push(
        response
          .json()
          .then((page: { notes?: { noteId: string }[] }) => {
            for (const n of page.notes ?? []) loaded.add(n.noteId);
          })
          .catch(() => undefined),
      );
    });
    const settled = async () => {
      await Promise.all(reading);
      return loaded.size;
    };
    await page.goto(stack.portalUrl('/view'));
    const frame = await appFrame(page, stack.appOrigin);
    await frame.waitForSelector('.view-list article', { timeout: 30_000 });
    const marks = await scrollPass(frame, SCROLL_STEP, scrollMs);
    const scroll = { ...marks, step: SCROLL_STEP, maxMs: scrollMs, loaded: await settled() };
    const loadedBeforeSearch = await settled();
    const search = await measureSearch(page, frame);
    const loadedAfterSearch = await settled();
    await context.close();
    return { notes: NOTE_COUNT, firstRender, scroll, search, loadedBeforeSearch, loadedAfterSearch };
  } finally {
    await browser.close();
    await stack.close();
  }
}
