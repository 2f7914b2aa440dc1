/**
 * JSON request bodies. Every body is read as bytes and parsed here whatever its Content-Type (as
 * the mock API does); one that is not JSON becomes a marker, so the route, not the parser, words
 * the 400. Fastify then checks the body against the route's JSON Schema; `checkedBody` runs the
 * route's field parser, whose message names the field, and keeps the schema's verdict binding.
 */
import type { FastifyRequest } from 'fastify';
import { type Check, invalid } from './check.ts';

/** The body of a request whose bytes were not JSON. */
export class UnparsableBody {}

/** Bytes to a value: empty → undefined, not JSON → an `UnparsableBody`. Never throws. */
export function parseJsonBytes(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return new UnparsableBody();
  }
}

/** The message of a body that is not JSON. */
export const NOT_JSON = 'request body is not valid JSON';

/**
 * The body parsed by `parse`, refused when it is not JSON, when `parse` refuses it, or when the
 * route's schema refused it (then with the parser's words when it has some, else the schema's).
 * `empty` is what a missing body means (only `/notes/fetch` has one: `{}`).
 */
export function checkedBody<T>(
  request: FastifyRequest,
  parse: (body: unknown) => Check<T>,
  empty?: unknown,
): Check<T> {
  const raw = request.body;
  if (raw instanceof UnparsableBody) return invalid(NOT_JSON);
  if (raw === undefined && empty !== undefined) return parse(empty);
  const parsed = parse(raw);
  if (!parsed.ok) return parsed;
  const schemaError = request.validationError;
  if (schemaError) return invalid(`request body ${schemaError.message.replace(/^body\/?/, '')}`.trim());
  return parsed;
}
