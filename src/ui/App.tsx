import { useLayoutEffect } from 'preact/hooks';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso/router';
import { decideRoute } from '../routes/route-rules.ts';
import { CourseScreen } from './CourseScreen.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { HomeScreen } from './HomeScreen.tsx';
import { Shell } from './Shell.tsx';
import { useServices } from './services.ts';
import { ViewScreen } from './ViewScreen.tsx';

/** Replaces an unknown URL: `/ui` → `/`, anything else → `/view` (SPEC §2), without a history entry. */
function Redirect() {
  const { nav } = useServices();
  const { path } = useLocation();
  useLayoutEffect(() => {
    const decision = decideRoute(nav.currentPath());
    nav.navigate('redirect' in decision ? decision.redirect : decision.screen);
  }, [path]);
  return null;
}

/**
 * The app: nothing at all until the session has a user and is loaded (no spinner flash before the
 * parent's context), then the routed screens inside the shell.
 */
export function App() {
  const { session, nav } = useServices();
  if (!session.ready.value) return null;
  return (
    <LocationProvider>
      <Shell>
        <Router>
          <Route path={nav.href('/')} component={HomeScreen} />
          <Route path={nav.href('/view')} component={ViewScreen} />
          <Route path={nav.href('/course')} component={CourseScreen} />
          <Route path={nav.href('/error')} component={ErrorPage} />
          <Route default component={Redirect} />
        </Router>
      </Shell>
    </LocationProvider>
  );
}
