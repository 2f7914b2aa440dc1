import { useT } from './use-value.ts';

/** What the failure says, as message keys. */
export type FailureText = { title: string; text: string; action: string };

/**
 * What a screen shows instead of a blank frame when it threw while rendering; with other text,
 * what the app shows when the portal gave no sign-in (Unsigned). Announced (role="alert").
 */
export function ScreenFailure({ onRetry, title, text, action }: FailureText & { onRetry: () => void }) {
  const t = useT();
  return (
    <section className="screen-failure" aria-labelledby="screen-title">
      <div role="alert">
        <h1 id="screen-title">{t(title)}</h1>
        <p>{t(text)}</p>
      </div>
      <button type="button" className="btn" onClick={onRetry}>
        {t(action)}
      </button>
    </section>
  );
}
