/**
 * The JSON Schema subset the service writes its shapes in: the part JSON Schema 2020-12 (OpenAPI
 * 3.1) and Ajv's default draft agree on, so one object validates bodies and documents them.
 */

/** A JSON Schema object; kept loose on purpose (schemas are data, checked by Ajv at start). */
export type JsonSchema = { [key: string]: unknown };

const names = new WeakMap<JsonSchema, string>();

/**
 * Names `schema` as an OpenAPI component: the document (server/src/openapi/document.ts) puts it
 * once under `components.schemas[name]` and refers to it by `$ref` wherever it appears. The object
 * itself stays a whole schema, with no `$ref` in it, so Ajv still validates with it as it is.
 */
export function namedSchema<T extends JsonSchema>(name: string, schema: T): T {
  names.set(schema, name);
  return schema;
}

/** The component name `namedSchema` gave this very object, if any. */
export const schemaName = (schema: JsonSchema): string | undefined => names.get(schema);
