/**
 * When and in what order the app fetches files ahead of need (issue 14, item 2). A prefetch must
 * never compete with the first screen on a slow link: it starts only once that screen is complete
 * in the learner's language (the caller's gate), takes one file at a time, smallest first, and
 * takes nothing at all when the learner asked to save data or the link is 2G.
 */

/** The slice of `navigator.connection` (Network Information API) the policy reads; absent in most browsers but Chromium's. */
export type ConnectionHints = { readonly saveData?: boolean; readonly effectiveType?: string };

/** A file fetched ahead of need: its name in the build's output (`assets/<name>-<hash>.*`) and its fetch. */
export type PrefetchStep = { name: string; load: () => Promise<unknown> };

/**
 * The lazy files by their brotli size, smallest first: the `/view` stylesheet, the course side, the
 * course stylesheet, the editing stylesheet, the course screen, the write side, the editing chunk,
 * the `/view` screen, then the editor (Quill). A browser test checks it against the build
 * (test/browser/first-screen-locale.test.ts): when a chunk outgrows the next one, reorder here.
 */
export const PREFETCH_ORDER: readonly string[] = [
  'screen-view',
  'screen-course',
  'courses',
  'screen-edit',
  'CourseScreen',
  'note-actions',
  'edit-parts',
  'ViewScreen',
  'editor',
];

/** Links too slow to spend on what the learner may never open (the rest of the browser's `effectiveType`s prefetch). */
const TOO_SLOW = new Set(['slow-2g', '2g']);

/** True when this link may prefetch at all: not under Save-Data, not on (slow) 2G. No hints: yes. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !TOO_SLOW.has(connection.effectiveType ?? '');
}

/** The steps to take, in PREFETCH_ORDER (names it doesn't list go last), or none on this link. */
export function prefetchPlan(
  connection: ConnectionHints | undefined,
  steps: readonly PrefetchStep[],
): PrefetchStep[] {
  if (!prefetchAllowed(connection)) return [];
  const rank = (s: PrefetchStep) => {
    const i = PREFETCH_ORDER.indexOf(s.name);
    return i < 0 ? PREFETCH_ORDER.length : i;
  };
  return [...steps].sort((a, b) => rank(a) - rank(b));
}

/** Takes `steps` one at a time, each once the one before it settled; a failed one is skipped (it loads again on use). */
export async function runInTurn(steps: readonly PrefetchStep[]): Promise<void> {
  for (const step of steps) await step.load().catch(() => undefined);
}
