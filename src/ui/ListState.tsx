import type { ComponentChildren } from 'preact';
import type { LoadState } from '../notes/resource.ts';
import { useServices } from './services.ts';

/** Props of a list's state frame. */
export type ListStateProps<T> = {
  state: LoadState<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** What screen readers hear once the list is there, e.g. "3 notes". */
  summary: (data: T) => string;
  onRetry: () => void;
  children: (data: T) => ComponentChildren;
};

/**
 * Loading, empty, error-with-Retry and ready states for every list (DESIGN §3), with a polite
 * status region so a screen reader hears when the list arrives or fails.
 */
export function ListState<T>({ state, isEmpty, emptyText, summary, onRetry, children }: ListStateProps<T>) {
  const { t } = useServices().i18n;
  const data = state.status === 'idle' ? null : state.data;
  let status = '';
  if (state.status === 'loading' || state.status === 'idle') status = t('Loading notes…');
  else if (state.status === 'error') status = t(state.message);
  else status = isEmpty(state.data) ? t(emptyText) : summary(state.data);
  return (
    <div class="list-state" aria-busy={state.status === 'loading'}>
      <p role="status" class={data !== null && !isEmpty(data) ? 'visually-hidden' : 'list-status'}>
        {state.status === 'error' ? '' : status}
      </p>
      {state.status === 'error' && (
        <div role="alert" class="list-error">
          <p>{status}</p>
          <button type="button" class="btn" onClick={onRetry}>
            {t('Retry')}
          </button>
        </div>
      )}
      {data !== null && !isEmpty(data) && children(data)}
    </div>
  );
}
