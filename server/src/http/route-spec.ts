/**
 * One route as the service declares it: method, path, auth, the JSON Schema of its body and
 * parameters, the answers it gives, and a handler that returns a `Reply` value. The same table
 * registers the Fastify routes, answers 405s and generates the OpenAPI document, so the three
 * cannot drift.
 */
import type { FastifyRequest } from 'fastify';
import type { Learner } from '../parts.ts';
import type { JsonSchema } from './json-schema.ts';

/** An answer body already serialized as JSON (a page whose notes the database wrote out); sent as is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A JSON answer (every API answer; `body` serialized unless it is JsonText) or a stored file (uploaded images). */
export type Reply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: 200; file: Buffer; type: string };

/** Shorthand for an `{ error }` answer. */
export const errorReply = (status: number, error: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { error },
  ...(headers ? { headers } : {}),
});

/** Who is calling, once the token and headers are verified. */
export type Caller = { learner: Learner; claims: Record<string, unknown>; domain: string };

/** What a handler gets: the request (params, headers, body), and the caller on private routes. */
export type Call = { request: FastifyRequest; caller: Caller };

/** An answer as the OpenAPI document lists it. */
export type Answer = { description: string; schema?: JsonSchema; contentType?: string };

/** A route of the API (under /api/v1) or of the process (/healthz, /readyz). */
export type RouteSpec = {
  method: 'GET' | 'POST';
  /** Fastify's syntax: `:name` segments are parameters. */
  path: string;
  summary: string;
  /** Private routes need a verified learner; public ones (files, health) don't. */
  auth: boolean;
  /** The JSON body's schema; Fastify checks it before the handler. */
  body?: JsonSchema;
  /** A multipart body (the upload), described for the OpenAPI document. */
  multipart?: JsonSchema;
  params?: Record<string, JsonSchema>;
  /** Optional query parameters, described for the OpenAPI document (the handler parses them). */
  query?: Record<string, JsonSchema>;
  /** Header parameters documented besides the learner's five. */
  headers?: Record<string, JsonSchema>;
  bodyLimit?: number;
  answers: Record<number, Answer>;
  /** Private routes get a caller; public routes get a placeholder they must not read. */
  handle(call: Call): Promise<Reply>;
};
