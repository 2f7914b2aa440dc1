import { type ReadonlySignal, signal } from '@preact/signals-core';
import { type RefObject, useEffect } from 'react';
import { useValue } from './use-value.ts';

/** Where focus should go next, by element id, once that element is on screen. */
export type FocusRequests = {
  pending: ReadonlySignal<string | null>;
  /** Asks for focus on the element with this id as soon as it renders (now, if it already has). */
  request(id: string): void;
  /** Marks a request served. */
  done(id: string): void;
};

/** The id of every screen's `h1`, where focus goes when its old place disappeared. */
export const SCREEN_TITLE_ID = 'screen-title';

/**
 * Focus that follows the learner's actions (WCAG 2.4.3): after a save, to the saved note; after
 * Undo, to the restored note; when the Undo bar closes under focus, to the screen's title. The
 * target often renders a moment later (a re-sorted list), so a request waits for its element.
 */
export function createFocusRequests(): FocusRequests {
  const pending = signal<string | null>(null);
  return {
    pending,
    request(id) {
      pending.value = id;
    },
    done(id) {
      if (pending.value === id) pending.value = null;
    },
  };
}

/** Focuses `ref` when a request names `id` (the component reads `requests.pending` to re-render). */
export function useFocusTarget(
  requests: FocusRequests,
  id: string,
  ref: RefObject<HTMLElement | null>,
): void {
  const wanted = useValue(requests.pending) === id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ref.current` is read when the effect runs (a ref is no state), and `requests` is the app's one FocusRequests, alive as long as it
  useEffect(() => {
    if (!wanted || !ref.current) return;
    ref.current.focus();
    requests.done(id);
  }, [wanted, id]);
}
