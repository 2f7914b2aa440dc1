import { ScreenFailure } from './ScreenFailure.tsx';
import { useServices } from './services.ts';

/**
 * What a learner sees when the portal sent its context without a token and did not answer the
 * app's AUTH_REQUEST within 5 s (docs/wire-contract.md): why nothing shows, and Retry, which asks again.
 * Never a blank frame.
 */
export function Unsigned() {
  return (
    <main id="main" className="app">
      <ScreenFailure
        title="Notes could not sign you in"
        text="The portal did not hand over your sign-in. Your notes are safe."
        action="Retry"
        onRetry={useServices().retrySignIn}
      />
    </main>
  );
}
