import { useEffect } from 'react';

/**
 * Calls `onNear` whenever the element `target()` finds is in view (an IntersectionObserver made
 * for each `deps` change, so a row still in view after the list grew fires again). Does nothing
 * where the browser has no IntersectionObserver: the list's "Show more notes" button remains.
 * The observer's root is left implicit, since in a cross-origin frame that is the only root that
 * tells what the learner sees.
 */
export function useNearEnd(
  target: () => Element | null,
  onNear: () => void,
  enabled: boolean,
  deps: readonly unknown[],
): void {
  useEffect(() => {
    const Observer = globalThis.IntersectionObserver;
    const element = target();
    if (!enabled || !Observer || !element) return;
    const observer = new Observer((entries) => {
      if (entries.some((e) => e.isIntersecting)) onNear();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, ...deps]);
}
