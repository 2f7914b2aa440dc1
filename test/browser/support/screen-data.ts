/**
 * Data sets and small reads for the `/view` and `/course` browser tests: notes placed anywhere in
 * a made-up catalogue (titles the tests control, e.g. "Week 2" before "Week 10"), a learner with
 * more notes than one page holds, and waits on what a list shows and what the app asked for.
 */
import type { Frame, Page, Request, Route } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { Note, NoteAnchor } from '../../../src/protocol/api-types.ts';
import type { PlayerData } from '../../../src/protocol/messages.ts';
import { apiPath, bodyOf } from './api-faults.ts';
import type { Scenario } from './app-fixture.ts';
import { setFrameWidth } from './frame-helpers.ts';
import { noteOn, playerOn } from './learners.ts';

/** Where a note sits: course, module (null for a note on the course itself) and resource. */
export type Place = {
  courseId: string;
  courseTitle: string;
  moduleId: string | null;
  moduleTitle: string | null;
  refId: string;
  refTitle: string;
};

/** A stored note at `place`, `ageMs` old, with an anchor; `over` replaces any field. */
export function noteAt(
  place: Place,
  text: string,
  ageMs: number,
  anchor: NoteAnchor = null,
  over: Partial<Note> = {},
): Note {
  const player: PlayerData = {
    resourceId: place.refId,
    courseId: place.courseId,
    resourceTitle: place.refTitle,
    courseTitle: place.courseTitle,
    mimeType: 'video/mp4',
  };
  return noteOn(player, text, ageMs, {
    moduleId: place.moduleId,
    moduleTitle: place.moduleTitle,
    anchor,
    ...over,
  });
}

const MINUTE = 60_000;

/** The seed catalogue's resources the large data set spreads its notes over. */
const SPREAD = [
  'res-ml-linear-video',
  'res-ml-gradient-pdf',
  'res-ml-metrics-article',
  'res-a11y-landmarks-video',
  'res-a11y-contrast-pdf',
  'res-lead-async-video',
];

/** The word only the oldest note of `manyNotes` holds (never on the first page, newest first). */
export const RARE_WORD = 'zebra';

/**
 * `count` notes, one minute apart, newest first as numbered ("Note 1" is the newest); the oldest
 * also mentions RARE_WORD. With more than 50, the first page (newest first) can't hold them all.
 */
export function manyNotes(count: number): Note[] {
  return Array.from({ length: count }, (_, i) => {
    const player = playerOn(SPREAD[i % SPREAD.length] ?? 'res-ml-linear-video');
    const text = i === count - 1 ? `Note ${i + 1} about the ${RARE_WORD} crossing` : `Note ${i + 1}`;
    return noteOn(player, text, (i + 1) * MINUTE);
  });
}

/** The bodies of the `POST /notes/fetch` calls the app made so far, in order. */
export const fetchBodies = (s: Scenario): Record<string, unknown>[] =>
  s.apiRequests
    .filter((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/api/v1/notes/fetch'))
    .map((r) => bodyOf(r) ?? {});

/** Whether `r` is a `POST /notes/fetch` whose body `match` accepts. */
export const isFetch = (r: Request, match: (body: Record<string, unknown>) => boolean = () => true) =>
  r.method() === 'POST' &&
  new URL(r.url()).pathname.endsWith('/api/v1/notes/fetch') &&
  match(bodyOf(r) ?? {});

/**
 * The texts of the note cards in the list, in order. Text content, not innerText: `/view` rows
 * off screen skip their rendering (`content-visibility: auto`), and their innerText is empty.
 */
export const cardTexts = async (f: Frame) =>
  (await f.locator('main article .note-text').allTextContents()).map((t) => t.trim());

/** The titles of the note cards in the list, in order (text content, as `cardTexts`). */
export const cardTitles = async (f: Frame) =>
  (await f.locator('main article .note-title').allTextContents()).map((t) => t.trim());

/** Waits until a note card holding `text` is in the list (on screen or not). */
export const waitCard = (f: Frame, text: string) =>
  f.locator('main article', { hasText: text }).first().waitFor({ state: 'attached' });

/** Polls `check` until it holds, failing with `what` after `ms`. */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.unreachable(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the cards' texts are exactly `expected`, failing with what is shown. */
export async function waitCards(f: Frame, expected: string[], ms = 5000): Promise<void> {
  let shown: string[] = [];
  const end = Date.now() + ms;
  for (;;) {
    shown = await cardTexts(f);
    if (JSON.stringify(shown) === JSON.stringify(expected)) return;
    if (Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(shown, expected, 'the cards shown');
}

/** Waits until every stylesheet in the frame has loaded (themes and screens bring their own). */
export const stylesLoaded = (f: Frame) =>
  f.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((l) => l.sheet !== null),
  );

/** Waits for the layout of a frame width to apply (below 700 px the app root is `narrow`). */
export const layoutFor = (f: Frame, width: number) =>
  f.waitForSelector(width < 700 ? '.app.narrow' : '.app.wide');

/**
 * Resizes the portal's iframe and waits until the frame itself has the new width and its layout
 * (the frame lives in another process: its viewport follows the iframe a little later).
 */
export async function resizeFrame(page: Page, f: Frame, width: number): Promise<void> {
  await setFrameWidth(page, width);
  await f.waitForFunction((w) => window.innerWidth === w, width);
  await layoutFor(f, width);
}

/** The document's scroll and client widths in the frame (equal when nothing scrolls sideways). */
export const documentWidths = (f: Frame) =>
  f.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));

/** Fails when the frame's document scrolls sideways. */
export async function expectNoSideScroll(f: Frame, where: string): Promise<void> {
  const { scroll, client } = await documentWidths(f);
  assert.ok(
    scroll <= client,
    `${where}: the document scrolls sideways (scrollWidth ${scroll} > clientWidth ${client})`,
  );
}

/** Held `POST /notes/fetch` calls: `arrived` once one is held; `release` sends the ones still alive on. */
export type HeldFetches = { arrived: Promise<void>; release(): Promise<void>; reachedApi(): number };

/**
 * Holds the fetches whose body `match` accepts, as a slow link would (a held call has not reached
 * the API). Unlike api-faults' `holdRequests`, a call the app aborts meanwhile is simply dropped
 * on release, and `reachedApi` counts the held calls that went on to the API.
 */
export async function holdFetches(
  page: Page,
  match: (body: Record<string, unknown>) => boolean,
): Promise<HeldFetches> {
  const held: Route[] = [];
  let released = false;
  let reached = 0;
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(apiPath('/notes/fetch'), async (route) => {
    if (released || !isFetch(route.request(), match)) return route.fallback();
    held.push(route);
    arrive();
  });
  return {
    arrived,
    reachedApi: () => reached,
    async release() {
      released = true;
      for (const route of held.splice(0)) {
        if (route.request().failure()) continue; // the app cancelled it
        try {
          await route.fallback();
          reached += 1;
        } catch {
          // cancelled while being released
        }
      }
    },
  };
}
