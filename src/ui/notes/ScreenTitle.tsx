import { type ReactNode, useRef } from 'react';
import { SCREEN_TITLE_ID, useFocusTarget } from '../focus-request.ts';
import { useServices } from '../services.ts';

/** A screen's one `h1`: focusable by script, so focus has somewhere sensible to land. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const { focus } = useServices();
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusTarget(focus, SCREEN_TITLE_ID, ref);
  return (
    <h1 id={SCREEN_TITLE_ID} ref={ref} tabIndex={-1} dir="auto">
      {children}
    </h1>
  );
}
