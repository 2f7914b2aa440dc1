/**
 * Scrolling `/view` from top to bottom, `step` px every animation frame (a brisk fling), with
 * every frame's duration recorded in the frame. The first pass is what a learner sees on a fresh
 * open: the list grows by 40 rows near its end and fetches the next page of 50 as it goes, until
 * every note is loaded and rendered. A second pass then scrolls the fully rendered list again.
 */
import type { Frame } from 'playwright-core';
import type { ScrollMarks } from './frame-probes.ts';

type Probe = { __benchScroll(step: number, maxMs: number): Promise<ScrollMarks> };

/** One pass from the top to the end of the list (or until `maxMs`). */
export function scrollPass(frame: Frame, step: number, maxMs: number): Promise<ScrollMarks> {
  return frame.evaluate(
    ([s, m]) => (window as unknown as Probe).__benchScroll(s as number, m as number),
    [step, maxMs],
  );
}
