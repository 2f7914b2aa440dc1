import { useServices } from './services.ts';
import { useT, useValue } from './use-value.ts';

/**
 * The app's one polite live region (WCAG 4.1.3): "Note saved", "Note deleted", "Could not save"…
 * are heard without moving focus. It is always in the page, so screen readers track it from the
 * start; a repeated message is re-rendered under a new key so it is announced again.
 */
export function LiveRegion() {
  const { announcer } = useServices();
  const t = useT();
  const current = useValue(announcer.current);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {current && <span key={current.serial}>{t(current.key, current.values)}</span>}
    </div>
  );
}
