import { useT } from './use-value.ts';

/** What a screen shows instead of a blank frame when it threw while rendering. */
export function ScreenFailure({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <section className="screen-failure" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('Something went wrong')}</h1>
      <p>{t('This screen could not be shown. Your notes are safe.')}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('Try again')}
      </button>
    </section>
  );
}
