/**
 * How many rows a long list renders, grown in chunks as the learner nears the end (windowing by
 * growth: rows already rendered stay, so focus, Tab order and find-in-page never lose them, and
 * `content-visibility: auto` keeps the off-screen ones cheap). Pure, so the screen only decides when.
 */

/** Rows rendered at first, and added each time the end comes near. */
export const CHUNK = 40;

/** Rows before the last rendered one whose coming into view counts as "near the end". */
export const LOOKAHEAD = 12;

/** The window after the learner neared its end. */
export const grown = (size: number, chunk = CHUNK): number => size + chunk;

/**
 * The smallest window, in whole chunks, that renders row `index` (a focus request for a note
 * further down the list than the learner has scrolled); a window already holding it stays.
 */
export function windowHolding(index: number, size: number, chunk = CHUNK): number {
  if (index < size) return size;
  return (Math.floor(index / chunk) + 1) * chunk;
}

/** The row whose coming into view means "near the end": `LOOKAHEAD` rows before the last rendered. */
export const triggerRow = (rendered: number, lookahead = LOOKAHEAD): number =>
  Math.max(0, rendered - 1 - lookahead);

/**
 * Should the next page be fetched now? Yes when, with the window at `size`, fewer than a chunk of
 * loaded notes remain beyond it: the page then arrives before the learner reaches the end.
 */
export const needsNextPage = (size: number, loaded: number, chunk = CHUNK): boolean => size + chunk > loaded;
