/**
 * The OpenAPI 3.1 document of the service, generated from its route table: the same JSON Schemas
 * Fastify checks bodies with, the parameters, the answers. Committed as docs/openapi.json
 * (`npm run openapi` writes it; a test fails when the two differ) and served at
 * `/api/v1/openapi.json`.
 */

import { type JsonSchema, schemaName } from '../http/json-schema.ts';
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

/** `schema`'s own fields, each through `withRefs`. */
const fieldsWithRefs = (schema: JsonSchema, found: Map<string, JsonSchema>): JsonSchema =>
  Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v, found)]));

/**
 * A copy of `value` in which every schema `namedSchema` named is `{ $ref }` to its component,
 * recorded in `found` by name.
 */
function withRefs(value: unknown, found: Map<string, JsonSchema>): unknown {
  if (Array.isArray(value)) return value.map((v) => withRefs(v, found));
  if (value === null || typeof value !== 'object') return value;
  const schema = value as JsonSchema;
  const name = schemaName(schema);
  if (name === undefined) return fieldsWithRefs(schema, found);
  const known = found.get(name);
  if (known && known !== schema) throw new Error(`two different schemas are named ${name}`);
  found.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** The bodies of the schemas in `found` (and of named ones inside them), sorted by name. */
function components(found: Map<string, JsonSchema>): Record<string, JsonSchema> {
  const bodies = new Map<string, JsonSchema>();
  while (bodies.size < found.size)
    for (const [name, schema] of [...found])
      if (!bodies.has(name)) bodies.set(name, fieldsWithRefs(schema, found));
  return Object.fromEntries([...bodies].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The document for a route table. Deterministic: same table, same bytes. A schema named with
 * `namedSchema` (json-schema.ts) is written once, under `components.schemas`, and referred to.
 */
export function openApiDocument(routes: readonly RouteSpec[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const found = new Map<string, JsonSchema>();
  for (const r of routes) {
    const path = toOpenApiPath(r.path);
    paths[path] ??= {};
    (paths[path] as Record<string, JsonSchema>)[r.method.toLowerCase()] = withRefs(
      operation(r),
      found,
    ) as JsonSchema;
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
      ...(found.size ? { schemas: components(found) } : {}),
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
