import { memo, useEffect, useRef } from 'react';
import type { EditorHandle } from '../../editor/types.ts';
import type { Snapshot } from './watchdog.ts';

/** One editor instance (the watchdog starts a new one per restart): its number, content and focus. */
export type Run = { gen: number; content: Snapshot; focus: boolean };
/** The host's props: the run, how to mount it, and where its errors go. */
export type HostProps = {
  run: Run;
  mount(container: HTMLElement, run: Run): Promise<EditorHandle | null>;
  onError(gen: number, error: unknown): void;
};

/**
 * The element the imperative editor lives in: mounted once per run, never re-rendered (memo, stable
 * props), the editor destroyed with it. A failed mount (the bundle not fetched, Quill throwing while
 * starting) is the run's error.
 */
export const Host = memo(function Host({ run, mount, onError }: HostProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    let handle: EditorHandle | null = null;
    const container = box.current;
    if (container)
      mount(container, run).then(
        (h) => {
          handle = h;
          if (gone) h?.destroy();
        },
        (error: unknown) => !gone && onError(run.gen, error),
      );
    return () => {
      gone = true;
      try {
        handle?.destroy();
      } catch {
        // already broken: it is being replaced
      }
    };
  }, [run, mount, onError]);
  return <div ref={box} className="rt-host" />;
});
