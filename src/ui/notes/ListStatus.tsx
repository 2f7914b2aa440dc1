import type { Problem } from '../../notes/read/describe-error.ts';
import { useServices } from '../services.ts';
import { useT, useValue } from '../use-value.ts';

/** Placeholder cards while a list loads: the same size as notes, so nothing jumps when they come. */
export function Skeleton({ count = 3 }: { count?: number }) {
  return (
    <ul className="note-list skeletons" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders; their position is their identity
        <li key={i} className="card skeleton">
          <span />
          <span />
          <span />
        </li>
      ))}
    </ul>
  );
}

/** A failed load: what went wrong in the learner's words, and Retry when trying again can help. */
export function LoadProblem({ problem, onRetry }: { problem: Problem; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="list-error" role="alert">
      <p>{t(problem.message)}</p>
      {problem.retry && (
        <button type="button" className="btn" onClick={onRetry}>
          {t('Retry')}
        </button>
      )}
    </div>
  );
}

/** An empty list: one friendly line and what to do about it. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  const t = useT();
  return (
    <div className="empty-state">
      <p className="empty-title">{t(title)}</p>
      {hint && <p className="hint">{t(hint)}</p>}
    </div>
  );
}

/**
 * A failed load under notes already on screen. Offline, those notes are the ones kept on this
 * device or loaded earlier: say so, and when they were last brought up to date, politely (the
 * learner can go on reading, searching and writing); any other failure as LoadProblem.
 */
export function ListProblem({ problem, onRetry }: { problem: Problem; onRetry: () => void }) {
  const { notes, i18n } = useServices();
  const t = useT();
  const at = useValue(notes.updatedAt);
  const locale = useValue(i18n.locale);
  if (problem.kind !== 'offline' || at === null) return <LoadProblem problem={problem} onRetry={onRetry} />;
  const sameDay = new Date(at).toDateString() === new Date().toDateString();
  const time = new Intl.DateTimeFormat(
    locale,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
  return (
    <div className="list-error kept-notice" role="status">
      <p>{t('Offline — showing notes saved on this device, updated {time}', { time })}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('Retry')}
      </button>
    </div>
  );
}
