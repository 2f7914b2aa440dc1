/** `GET /api/v1/openapi.json`: the document of the very route table this app serves. */
import type { RouteSpec } from '../http/route-spec.ts';
import { openApiDocument } from './document.ts';

/** The route serving the document for `routes`; push it into that same table (route-table.ts). */
export function openApiRoute(routes: readonly RouteSpec[]): RouteSpec {
  return {
    method: 'GET',
    path: '/api/v1/openapi.json',
    summary: 'This document',
    auth: false,
    answers: { 200: { description: 'the OpenAPI 3.1 document', schema: { type: 'object' } } },
    handle: async () => ({ status: 200, body: openApiDocument(routes) }),
  };
}
