import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useT } from './use-value.ts';

/**
 * An error boundary for a part the shell shows around the screens (the Undo bar, the shortcut
 * list): when its code could not be fetched or it threw, a line says so with Try again (which
 * mounts it afresh, so its code is asked for again) instead of taking the whole app down.
 */
export function PartBoundary({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <ErrorBoundary
      fallback={(retry) => (
        <p role="alert">
          {t('Something went wrong')}{' '}
          <button type="button" className="btn-secondary" onClick={retry}>
            {t('Try again')}
          </button>
        </p>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
