import { useServices } from './services.ts';
import { useT } from './use-value.ts';

/**
 * What a learner sees when the portal sent its context without a token and did not answer the
 * app's AUTH_REQUEST within 5 s (DESIGN §2): why nothing shows, and Retry, which asks again.
 * Announced (role="alert"), never a blank frame.
 */
export function Unsigned() {
  const { retrySignIn } = useServices();
  const t = useT();
  return (
    <main id="main" className="screen-failure" aria-labelledby="unsigned-title">
      <div role="alert">
        <h1 id="unsigned-title">{t('Notes could not sign you in')}</h1>
        <p>{t('The portal did not hand over your sign-in. Your notes are safe.')}</p>
      </div>
      <button type="button" className="btn" onClick={retrySignIn}>
        {t('Retry')}
      </button>
    </main>
  );
}
