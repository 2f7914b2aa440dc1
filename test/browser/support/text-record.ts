/**
 * Every text an app frame ever shows, recorded from before its scripts run: a label painted in
 * the wrong language for a single frame is still caught (the first screen in the learner's
 * language, the sign-in message).
 */
import type { BrowserContext, Frame } from 'playwright-core';

/** One recorded state of the frame: its whole text, `<main>`'s, `<html dir>`, and when. */
export type Shot = { text: string; main: string; dir: string; at: number };

/**
 * Runs in every frame but the top one before its scripts: records the frame's text (and `<html
 * dir>`) at every DOM change into `window.__shots`.
 */
const RECORD = `(() => {
  if (window === window.top) return; // the app's frame only
  const shots = (window.__shots = []);
  const take = () => {
    const main = document.querySelector('main');
    const text = document.body ? document.body.innerText : '';
    if (text && shots.at(-1)?.text !== text)
      shots.push({ text, main: main ? main.innerText : '', dir: document.documentElement.dir, at: performance.now() });
  };
  new MutationObserver(take).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;

/** Records the texts of every app frame the context opens from now on. */
export const recordTexts = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript(RECORD);
};

/** What `frame` has shown so far, in order. */
export const shotsOf = (frame: Frame): Promise<Shot[]> =>
  frame.evaluate(() => (window as unknown as { __shots: Shot[] }).__shots);
