import { LocationProvider, useLocation } from 'preact-iso/router';
import { useEffect } from 'react';
import { decideRoute, routeScope } from '../routes/route-rules.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ScreenFailure } from './ScreenFailure.tsx';
import { Shell } from './Shell.tsx';
import { useServices } from './services.ts';
import { Unsigned } from './Unsigned.tsx';
import { useValue } from './use-value.ts';

const reportError = (error: unknown) => console.error('Notes: a screen failed to render', error);

/**
 * The router: preact-iso's LocationProvider keeps the location (history, Back/Forward, the app's
 * own links), and the route table decides what it shows — a screen with its parameters, or a
 * redirect (`/ui` → `/`, anything else → `/view`) that replaces the history entry. Each screen
 * sits in an error boundary that navigating elsewhere resets.
 */
function Screens() {
  const { nav, screens } = useServices();
  const { path } = useLocation(); // re-render on every navigation
  const decision = decideRoute(nav.currentPath());
  // A passive effect, not a layout one: LocationProvider subscribes to `popstate` in its own
  // layout effect, which runs after its children's, so a redirect on the first render would
  // otherwise fire before anyone listens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation: `decision` is derived from the path on every render (a new object each time), so `path` is the change that matters
  useEffect(() => {
    if ('redirect' in decision) nav.navigate(decision.redirect);
  }, [path]);
  if ('redirect' in decision) return null;
  const Screen = screens.components[decision.screen];
  return (
    <ErrorBoundary
      key={path}
      fallback={(retry) => (
        <ScreenFailure
          title="Something went wrong"
          text="This screen could not be shown. Your notes are safe."
          action="Try again"
          onRetry={retry}
        />
      )}
      onError={reportError}
    >
      <Screen params={decision.params} />
    </ErrorBoundary>
  );
}

/**
 * The app: nothing at all until the session has a user and is loaded (no spinner flash before the
 * parent's context), then the routed screens inside the shell. A portal that gave no token gets
 * a message and Retry instead of a blank frame.
 */
export function App() {
  const { session, nav } = useServices();
  const unsigned = useValue(session.unsigned);
  const learner = useValue(session.learner);
  if (!useValue(session.ready)) return unsigned ? <Unsigned /> : null;
  // Another learner: every screen starts afresh, so nothing on screen (an open editor's text, a
  // search) carries over; the text typed stays the first learner's draft (notes-model `refresh`).
  return (
    <LocationProvider scope={routeScope(nav.href('/'))}>
      <Shell>
        <Screens key={learner} />
      </Shell>
    </LocationProvider>
  );
}
