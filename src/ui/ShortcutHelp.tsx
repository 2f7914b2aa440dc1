import { useState } from 'react';
import { PartBoundary } from './PartBoundary.tsx';
import { useServices } from './services.ts';
import { useT } from './use-value.ts';

/**
 * The keyboard shortcuts, documented on screen: a disclosure at the foot of every screen whose
 * list is fetched (with the editing chunk) when it is first opened (a failed fetch says so inside
 * the disclosure, with Try again). It is the page's `<footer>`: all content sits in a landmark.
 */
export function ShortcutHelp() {
  const t = useT();
  const { parts } = useServices();
  const [open, setOpen] = useState(false);
  return (
    <footer>
      <details className="shortcut-help" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('Keyboard shortcuts')}</summary>
        {open && (
          <PartBoundary>
            <parts.ShortcutList />
          </PartBoundary>
        )}
      </details>
    </footer>
  );
}
