/**
 * The OpenAPI 3.1 document of the service, generated from its route table: the same JSON Schemas
 * Fastify checks bodies with, the parameters, the answers. Committed as docs/openapi.json
 * (`npm run openapi` writes it; a test fails when the two differ) and served at
 * `/api/v1/openapi.json`.
 */

import type { JsonSchema } from '../http/json-schema.ts';
import type { RouteSpec } from '../http/route-spec.ts';

const LEARNER_HEADERS: { name: string; description: string }[] = [
  { name: 'rootorg', description: 'the portal’s root organisation' },
  { name: 'org', description: 'the organisation (rootorg when none)' },
  { name: 'domain', description: 'the parent page’s host' },
  { name: 'wid', description: 'the learner; must equal the token’s wid (else its sub after the last :)' },
];

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

const operationId = (r: RouteSpec): string =>
  `${r.method.toLowerCase()}${r.path
    .replace('/api/v1', '')
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':'))
    .map((s) => s.replace(/(^|[^A-Za-z])([a-z])/g, (_m, _p, c: string) => c.toUpperCase()))
    .join('')}`;

function operation(r: RouteSpec): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(r.params ?? {})) {
    const { description, ...rest } = schema as { description?: string };
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: rest,
      ...(description ? { description } : {}),
    });
  }
  for (const [name, schema] of Object.entries(r.query ?? {})) {
    const { description, ...rest } = schema as { description?: string };
    parameters.push({
      name,
      in: 'query',
      required: false,
      schema: rest,
      ...(description ? { description } : {}),
    });
  }
  if (r.auth) {
    for (const h of LEARNER_HEADERS) {
      parameters.push({
        name: h.name,
        in: 'header',
        required: true,
        description: h.description,
        schema: { type: 'string' },
      });
    }
  }
  for (const [name, schema] of Object.entries(r.headers ?? {})) {
    const { description, ...rest } = schema as { description?: string };
    parameters.push({
      name,
      in: 'header',
      required: false,
      schema: rest,
      ...(description ? { description } : {}),
    });
  }
  const responses: JsonSchema = {};
  for (const [status, a] of Object.entries(r.answers)) {
    const type = a.contentType ?? 'application/json';
    responses[status] = {
      description: a.description,
      ...(a.schema || a.contentType ? { content: { [type]: a.schema ? { schema: a.schema } : {} } } : {}),
    };
  }
  const requestBody = r.body
    ? { required: r.path !== '/api/v1/notes/fetch', content: { 'application/json': { schema: r.body } } }
    : r.multipart
      ? { required: true, content: { 'multipart/form-data': { schema: r.multipart } } }
      : undefined;
  return {
    operationId: operationId(r),
    summary: r.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: r.auth ? [{ bearer: [] }, { portalToken: [] }] : [],
  };
}

/** The document for a route table. Deterministic: same table, same bytes. */
export function openApiDocument(routes: readonly RouteSpec[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = toOpenApiPath(r.path);
    paths[path] ??= {};
    (paths[path] as Record<string, JsonSchema>)[r.method.toLowerCase()] = operation(r);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Notes API',
      version: '1',
      description:
        'The notes service (server/): the API the Notes app calls, as docs/api.md describes it. ' +
        'Every non-2xx answer is { error }. Generated from the service’s route table and JSON Schemas.',
    },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        portalToken: { type: 'apiKey', in: 'header', name: 'x-authenticated-user-token' },
      },
    },
  };
}

/** The document as committed: two-space JSON and a final newline. */
export const openApiText = (routes: readonly RouteSpec[]): string =>
  `${JSON.stringify(openApiDocument(routes), null, 2)}\n`;
