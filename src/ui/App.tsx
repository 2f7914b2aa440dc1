import { LocationProvider, Route, Router, useLocation } from 'preact-iso/router';
import { useLayoutEffect } from 'react';
import { decideRoute, routeScope } from '../routes/route-rules.ts';
import { ROUTES } from '../routes/route-table.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ScreenFailure } from './ScreenFailure.tsx';
import { Shell } from './Shell.tsx';
import { useServices } from './services.ts';
import { useValue } from './use-value.ts';

/** Replaces an unknown URL: `/ui` → `/`, anything else → `/view` (SPEC §2), without a history entry. */
function Redirect() {
  const { nav } = useServices();
  const { path } = useLocation();
  useLayoutEffect(() => {
    const decision = decideRoute(nav.currentPath());
    if ('redirect' in decision) nav.navigate(decision.redirect);
  }, [path]);
  return null;
}

/** The routed screens, inside a boundary that is reset by navigating elsewhere. */
function Screens() {
  const { nav, screens } = useServices();
  const { path } = useLocation();
  return (
    <ErrorBoundary key={path} fallback={(retry) => <ScreenFailure onRetry={retry} />} onError={reportError}>
      <Router>
        {[
          ...ROUTES.map((route) => (
            <Route
              key={route.path}
              path={'param' in route ? `${nav.href(route.path)}/:${route.param}?` : nav.href(route.path)}
              component={screens.components[route.path]}
            />
          )),
          <Route key="default" default component={Redirect} />,
        ]}
      </Router>
    </ErrorBoundary>
  );
}

const reportError = (error: unknown) => console.error('Notes: a screen failed to render', error);

/**
 * The app: nothing at all until the session has a user and is loaded (no spinner flash before the
 * parent's context), then the routed screens inside the shell.
 */
export function App() {
  const { session, nav } = useServices();
  if (!useValue(session.ready)) return null;
  return (
    <LocationProvider scope={routeScope(nav.href('/'))}>
      <Shell>
        <Screens />
      </Shell>
    </LocationProvider>
  );
}
