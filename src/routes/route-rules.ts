/** The app's screens, as paths relative to its base path. */
export type ScreenPath = '/' | '/view' | '/course' | '/error';

/** What the router does with a path: show a screen, or replace the URL with another one. */
export type RouteDecision = { screen: ScreenPath } | { redirect: ScreenPath };

const SCREENS: readonly string[] = ['/', '/view', '/course', '/error'];

/** Strips the base path and trailing slashes, so rules see `/view` whatever the deployment base. */
export function appPath(pathname: string, basePath = '/'): string {
  const base = basePath.replace(/\/+$/, '');
  const under = base && (pathname === base || pathname.startsWith(`${base}/`));
  const inner = under ? pathname.slice(base.length) : pathname;
  return `/${inner.replace(/^\/+|\/+$/g, '')}`;
}

/** Routes of SPEC §2: the four screens; `/ui` → `/`; anything else → `/view`. */
export function decideRoute(path: string): RouteDecision {
  if (SCREENS.includes(path)) return { screen: path as ScreenPath };
  if (path === '/ui') return { redirect: '/' };
  return { redirect: '/view' };
}

/**
 * Where to go once the parent's context arrives (SPEC §2): a current path ending in "view" → `/view`,
 * ending in "course" → `/course`, anything else → `/`. Taken literally, as the spec states it.
 */
export function pathAfterContext(path: string): ScreenPath {
  const p = path.replace(/\/+$/, '');
  if (p.endsWith('view')) return '/view';
  if (p.endsWith('course')) return '/course';
  return '/';
}
