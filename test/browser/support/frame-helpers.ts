/**
 * Small reads and waits on the app's frame that several browser test files share.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { Received, Scenario } from './app-fixture.ts';

/** Waits until the frame's visible text contains `text`. */
export const waitText = (f: Frame, text: string) =>
  f.waitForFunction((t) => document.body.innerText.includes(t), text);

/** Waits until a screen has rendered its `h1`, and returns its text. */
export async function screenTitle(f: Frame): Promise<string> {
  await f.waitForSelector('main h1');
  return f.locator('main h1').innerText();
}

/** The `<body>` classes, sorted. */
export const bodyClasses = (f: Frame) =>
  f.evaluate(() => document.body.className.split(/\s+/).filter(Boolean).sort());

/** Whether the app has rendered nothing at all into its root. */
export const appIsEmpty = async (f: Frame) =>
  (await f.evaluate(() => document.getElementById('app')?.innerHTML)) === '';

/** What the polite live region says now. */
export const liveRegion = (f: Frame) =>
  f.evaluate(() => document.querySelector('[role=status][aria-live=polite]')?.textContent ?? '');

/** Waits until the polite live region says `text`. */
export const waitAnnounced = (f: Frame, text: string) =>
  f.waitForFunction(
    (t) => document.querySelector('[role=status][aria-live=polite]')?.textContent === t,
    text,
  );

/** The element with focus in the frame: its tag, id, text and accessible-name hints. */
export const focused = (f: Frame) =>
  f.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      text: el?.textContent ?? '',
      label: el?.getAttribute('aria-label') ?? '',
    };
  });

/** Counts `history.pushState` calls in every frame (install with `page.addInitScript`). */
export const PUSH_COUNTER = `window.__pushes = 0; { const push = history.pushState;
  history.pushState = function (...args) { window.__pushes++; return push.apply(this, args); }; }`;

/** How many entries the frame pushed onto history. */
export const pushes = (f: Frame) => f.evaluate(() => (window as unknown as { __pushes: number }).__pushes);

/**
 * Records, in the frame, every message event delivered after the app's own listener (listeners
 * run in the order they were added, and the app adds its own at start): when the count goes up,
 * the app has already decided what to do with that message.
 */
export const recordMessages = (f: Frame) =>
  f.evaluate(() => {
    const w = window as unknown as { __messages: number };
    w.__messages = 0;
    window.addEventListener('message', () => {
      w.__messages += 1;
    });
  });

/** Waits until the frame's message recorder has seen `count` messages. */
export const waitMessages = (f: Frame, count: number) =>
  f.waitForFunction((n) => (window as unknown as { __messages: number }).__messages >= n, count);

/** The SEEK messages the portal received. */
export const seeks = async (s: Scenario): Promise<Received[]> =>
  (await s.received()).filter((m) => (m.data as { requestId?: string } | null)?.requestId === 'SEEK');

/** Resizes the portal's iframe to `width` px. */
export const setFrameWidth = (page: Page, width: number) =>
  page.evaluate((w) => {
    (document.querySelector('iframe') as HTMLIFrameElement).style.width = `${w}px`;
  }, width);

/**
 * Waits for a failed load's alert and checks it says `message`; then Retry is what the learner
 * presses. Returns the Retry button.
 */
export async function expectProblem(f: Frame, message: string) {
  const alert = f.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), message);
  return f.getByRole('button', { name: 'Retry' });
}
