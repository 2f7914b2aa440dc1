/**
 * The JSON Schema subset the service writes its shapes in: the part JSON Schema 2020-12 (OpenAPI
 * 3.1) and Ajv's default draft agree on, so one object validates bodies and documents them.
 */

/** A JSON Schema object; kept loose on purpose (schemas are data, checked by Ajv at start). */
export type JsonSchema = { [key: string]: unknown };
