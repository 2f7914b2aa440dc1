/**
 * Tells a 404 (no such path) from a 405 (the path exists with another method) for a request that
 * matched no route, from the same route table that registered the routes. Segments are decoded
 * as the router decodes them, so `%61uth` is `auth` (docs/api.md).
 */

/** A matchable route: its method and Fastify-style path (`:name` segments are parameters). */
export type MatchableRoute = { method: string; path: string };

const segmentsOf = (path: string): string[] | null => {
  try {
    return path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
};

function matches(pattern: string, segments: string[]): boolean {
  const want = pattern.split('/').slice(1);
  if (want.length !== segments.length) return false;
  return want.every((w, i) => {
    const got = segments[i] ?? '';
    return w.startsWith(':') ? got !== '' : w === got;
  });
}

/** The methods the table serves at `pathname` (HEAD implied by GET); empty when it serves none. */
export function methodsAt(routes: readonly MatchableRoute[], pathname: string): string[] {
  const segments = segmentsOf(pathname);
  if (!segments) return [];
  const methods = new Set<string>();
  for (const r of routes) if (matches(r.path, segments)) methods.add(r.method);
  return [...methods];
}
