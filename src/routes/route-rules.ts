import { type AppPath, ROUTES, type ScreenPath } from './route-table.ts';

/** What the router does with a path: show a screen (with its parameters), or go elsewhere. */
export type RouteDecision = { screen: ScreenPath; params: Record<string, string> } | { redirect: AppPath };

/** Strips the base path and trailing slashes, so rules see `/view` whatever the deployment base. */
export function appPath(pathname: string, basePath = '/'): string {
  const base = basePath.replace(/\/+$/, '');
  const under = base && (pathname === base || pathname.startsWith(`${base}/`));
  const inner = under ? pathname.slice(base.length) : pathname;
  return `/${inner.replace(/^\/+|\/+$/g, '')}`;
}

/**
 * The route table applied to a path (docs/routes.md): a screen, a screen with its one parameter
 * (`/course/c-42`), `/ui` → `/`, anything else → `/view`. Paths are case-sensitive, as URLs are.
 */
export function decideRoute(path: string): RouteDecision {
  for (const route of ROUTES) {
    if (path === route.path) return { screen: route.path, params: {} };
    if ('param' in route && path.startsWith(`${route.path}/`)) {
      const value = path.slice(route.path.length + 1);
      if (value && !value.includes('/')) {
        try {
          return { screen: route.path, params: { [route.param]: decodeURIComponent(value) } };
        } catch {
          return { redirect: '/view' }; // a malformed %-escape is not a course id
        }
      }
    }
  }
  return { redirect: path === '/ui' ? '/' : '/view' };
}

/**
 * Where to go once a parent's context arrives (docs/routes.md). The path first goes through
 * the route table, as a router's first navigation would (`/no/such/place` → `/view`), then the
 * start-up rule judges the screen: ending in "view" → `/view`, ending in "course" → the course
 * screen (keeping a chosen course, `/course/c-42`), `/review` stays, anything else (`/`, `/error`) → `/`.
 */
export function pathAfterContext(path: string): AppPath {
  const decision = decideRoute(path);
  const screen = 'redirect' in decision ? decision.redirect : decision.screen;
  if (screen === '/review') return screen;
  if (screen.endsWith('view')) return '/view';
  if (screen.startsWith('/course')) {
    const courseId = 'params' in decision ? decision.params.courseId : undefined;
    return courseId ? `/course/${courseId}` : '/course';
  }
  return '/';
}

/** The screen a full app path shows (`/course/c-42` → `/course`); unknown paths map to `/view`. */
export function screenOf(path: string): ScreenPath {
  const decision = decideRoute(path);
  return 'screen' in decision ? decision.screen : screenOf(decision.redirect);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The router's link scope: exactly the app's own screen URLs under `rootHref` (the base path's
 * `/`), so a link inside a note — even a same-origin one — is never routed in-app and never
 * pushes an entry onto the portal tab's history.
 */
export function routeScope(rootHref: string): RegExp {
  const base = escapeRe(rootHref.replace(/\/+$/, ''));
  const alternatives = ROUTES.map((r) => escapeRe(r.path.slice(1)) + ('param' in r ? '(?:/[^/?#]+)?' : ''));
  return new RegExp(`^${base}/(?:${alternatives.join('|')})$`);
}
