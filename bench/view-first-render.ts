/**
 * `/view` first render with 10,000 stored notes, two ways, each in a fresh browser profile:
 * - from `/`: the learner clicks "All notes" once the `/view` chunk was prefetched (the usual
 *   path) — click → first note cards painted;
 * - opened at `/view` in another fresh profile: the context's arrival → first cards painted (the
 *   chunk, its stylesheet and the first page load meanwhile), and the frame's navigation start → painted.
 * Both include the first page of notes from the mock API over loopback (no throttling).
 */
import type { Browser, Frame } from 'playwright-core';
import { appFrame } from './app-frame.ts';
import { FRAME_PROBES, type RenderMarks } from './frame-probes.ts';
import type { Stack } from './stack.ts';

/** Samples in ms per way, and how many cards the first paint held. */
export type FirstRender = {
  fromNav: number[];
  fromContext: number[];
  fromNavStart: number[];
  cards: number;
  /** Samples that failed (twice in a row), by their error's first line. */
  failures: string[];
};

const marks = async (frame: Frame): Promise<RenderMarks> => {
  try {
    await frame.waitForFunction(
      () => (window as unknown as { __bench: RenderMarks }).__bench.cardPaint,
      null,
      {
        timeout: 30_000,
      },
    );
  } catch (error) {
    const shown = await frame
      .evaluate(() => `${location.pathname}: ${document.querySelector('main')?.textContent ?? '(no main)'}`)
      .catch(() => '(frame gone)');
    throw new Error(`no /view card painted in 30 s (${shown.slice(0, 160)}): ${error}`);
  }
  return frame.evaluate(() => (window as unknown as { __bench: RenderMarks }).__bench);
};

const prefetched = () =>
  ['/ViewScreen-', '/screen-view-'].every((part) =>
    performance.getEntriesByType('resource').some((e) => e.name.includes(part)),
  );

const fresh = async (browser: Browser) => {
  const context = await browser.newContext();
  await context.addInitScript(FRAME_PROBES);
  return { context, page: await context.newPage() };
};

/** Opens `/`, waits for its first note and the prefetched `/view` code, clicks "All notes". */
async function viaNav(browser: Browser, stack: Stack): Promise<RenderMarks> {
  const { context, page } = await fresh(browser);
  try {
    await page.goto(stack.portalUrl('/'));
    const home = await appFrame(page, stack.appOrigin);
    await home.waitForSelector('main article', { timeout: 30_000 });
    await home.waitForFunction(prefetched, null, { timeout: 30_000 });
    await page.waitForTimeout(300);
    await home.getByRole('link', { name: 'All notes' }).click();
    return await marks(home);
  } finally {
    await context.close();
  }
}

/** Opens the frame at `/view`. */
async function direct(browser: Browser, stack: Stack): Promise<RenderMarks> {
  const { context, page } = await fresh(browser);
  try {
    await page.goto(stack.portalUrl('/view'));
    return await marks(await appFrame(page, stack.appOrigin));
  } finally {
    await context.close();
  }
}

/** One sample, tried twice; a second failure is recorded and the sample left out. */
async function attempt(take: () => Promise<RenderMarks>, failures: string[]): Promise<RenderMarks | null> {
  for (let i = 0; i < 2; i++) {
    try {
      return await take();
    } catch (error) {
      failures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    }
  }
  return null;
}

/** Measures `runs` times each way. */
export async function measureFirstRender(browser: Browser, stack: Stack, runs: number): Promise<FirstRender> {
  const out: FirstRender = { fromNav: [], fromContext: [], fromNavStart: [], cards: 0, failures: [] };
  for (let i = 0; i < runs; i++) {
    const nav = await attempt(() => viaNav(browser, stack), out.failures);
    if (nav) {
      out.fromNav.push((nav.cardPaint ?? Number.NaN) - (nav.navAt ?? Number.NaN));
      out.cards = nav.cards;
    }
    const view = await attempt(() => direct(browser, stack), out.failures);
    if (view) {
      out.fromContext.push((view.cardPaint ?? Number.NaN) - (view.contextAt ?? Number.NaN));
      out.fromNavStart.push(view.cardPaint ?? Number.NaN);
    }
  }
  return out;
}
