import { type ComponentType, createElement, type ReactElement, useEffect, useState } from 'react';
import type { LazyFile } from '../platform/lazy-file.ts';

/**
 * A component whose code comes later: `fallback` until `source` is in, then the component `pick`
 * finds in it. Its code already in when it mounts, it renders at once (no placeholder frame). A
 * failed load throws at render to the nearest error boundary, whose Try again mounts the part
 * afresh: that mount asks for the code again. Does what React's `lazy` inside `Suspense` would,
 * without compat's Suspense machinery in the first load (docs/budgets.md "Review (issue 27)").
 */
export function lazyPart<T, P extends object>(
  source: LazyFile<T>,
  pick: (loaded: T) => ComponentType<P>,
  fallback: ReactElement | null = null,
): ComponentType<P> {
  return (props: P) => {
    const [loaded, setLoaded] = useState(() => source.current);
    const [failed, setFailed] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      let mounted = true;
      // Already in, this settles at once with the same value, and nothing renders again.
      source.load().then(
        (value) => mounted && setLoaded(() => value),
        (error: unknown) => mounted && setFailed({ error: error ?? new Error('not loaded') }),
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (failed) throw failed.error;
    return loaded ? createElement(pick(loaded), props) : fallback;
  };
}
