/**
 * Every route of the service in one table: the notes calls, review, uploads, the probes and the OpenAPI
 * document. The app registers it; the OpenAPI generator describes it.
 */
import { type FilesDeps, filesRoutes } from './files/routes.ts';
import { healthRoutes } from './health/routes.ts';
import type { RouteSpec } from './http/route-spec.ts';
import { type NotesDeps, notesRoutes } from './notes/routes.ts';
import { openApiRoute } from './openapi/route.ts';
import { reviewRoutes } from './review/routes.ts';

/** The parts the routes are bound to. */
export type RouteDeps = NotesDeps & FilesDeps;

/** The table, bound to `deps`. */
export function routeTable(deps: RouteDeps): RouteSpec[] {
  const routes = [
    ...notesRoutes(deps),
    ...reviewRoutes(deps),
    ...filesRoutes(deps),
    ...healthRoutes(deps.store),
  ];
  routes.push(openApiRoute(routes));
  return routes;
}
