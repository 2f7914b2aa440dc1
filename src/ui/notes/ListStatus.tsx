import type { Problem } from '../../notes/describe-error.ts';
import { useT } from '../use-value.ts';

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
