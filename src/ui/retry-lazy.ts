import { type ComponentType, lazy } from 'react';

/**
 * React's `lazy` over `load`, made afresh once its load failed. A `lazy` component remembers its
 * promise, so an error boundary's Try again that renders it again only gets the old rejection:
 * the code is never asked for again. Each mount takes the current one (`useState(made)`), so a
 * remount after a failure (Try again, opening the part again) loads again, while a component that
 * loaded stays the same one (no suspending, no remount, when its code is in).
 */
export function retryLazy<P>(load: () => Promise<ComponentType<P>>): () => ComponentType<P> {
  let made: ComponentType<P> | null = null;
  return () => {
    if (!made) {
      const Made = lazy(() =>
        load().then(
          (component) => ({ default: component }),
          (error: unknown) => {
            if (made === Made) made = null;
            throw error;
          },
        ),
      );
      made = Made;
    }
    return made;
  };
}
