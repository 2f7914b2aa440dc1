/**
 * Builds the notes service's Fastify instance from injected parts (store, authenticator, files
 * folder, clock, id maker, limits, log sink), so tests build the real thing with fakes and the
 * CLI builds it with the real ones. One route table (notes, files, health) registers the routes,
 * answers 404/405 and feeds the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type FilesDir, openFilesDir } from './files/files-dir.ts';
import { SERVED_FILE_HEADERS } from './files/routes.ts';
import { encodeJson, varyWithAcceptEncoding } from './http/compression.ts';
import { discardRest } from './http/discard-body.ts';
import { parseJsonBytes } from './http/json-body.ts';
import { methodsAt } from './http/route-match.ts';
import { type Caller, JsonText, type Reply } from './http/route-spec.ts';
import { type LogOptions, loggerOptions } from './http/safe-log.ts';
import { MAX_JSON_BODY_BYTES } from './notes/limits.ts';
import type { Authenticator, NotesStore } from './parts.ts';
import { routeTable } from './route-table.ts';

/** Per-learner request budget: `max` requests per `windowMs` (fixed window), then 429. */
export type RateLimit = { max: number; windowMs: number };

/** The numbers a deployment may change; the defaults are below. */
export type Limits = { quotaBytes: number; rateLimit: RateLimit };

/** 100 MiB of uploads per learner; 200 requests per second per learner (a burst of 100 and 50/s pass). */
export const DEFAULT_LIMITS: Limits = {
  quotaBytes: 100 * 1024 * 1024,
  rateLimit: { max: 200, windowMs: 1000 },
};

/** Request headers larger than this are refused by Node with 431 before any route runs. */
export const MAX_HEADER_BYTES = 32 * 1024;

/** Everything the app is built from. */
export type AppParts = {
  store: NotesStore;
  authenticator: Authenticator;
  /** A folder path, or a FilesDir (tests). */
  files: string | FilesDir;
  now?: () => Date;
  newId?: () => string;
  limits?: Partial<Limits>;
  log?: LogOptions;
  /** Origins (scheme://host[:port]) allowed to call cross-origin; none: same-origin only. */
  allowedOrigins?: string[];
  /** The prefix the upload answers; default `/api/v1/files/`. */
  filesUrl?: string;
};

/** The request headers the app sends (docs/embedding.md), the only ones CORS allows. */
export const CORS_HEADERS = [
  'authorization',
  'rootorg',
  'org',
  'domain',
  'wid',
  'idempotency-key',
  'content-type',
];

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a handler's reply: JSON answers not cached, files with their own headers. */
function send(reply: FastifyReply, r: Reply): FastifyReply {
  if ('file' in r) return reply.code(200).headers(SERVED_FILE_HEADERS).type(r.type).send(r.file);
  if (r.headers) reply.headers(r.headers);
  return reply
    .code(r.status)
    .type(JSON_TYPE)
    .send(r.body instanceof JsonText ? r.body.text : r.body);
}

/** The origin of a URL as scheme://host[:port], or null; origins are compared by parsed parts. */
export function originOf(raw: string): string | null {
  try {
    const u = new URL(raw);
    return u.origin === 'null' ? null : u.origin;
  } catch {
    return null;
  }
}

function authHook(authenticator: Authenticator) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await authenticator.authenticate(request.headers);
    if (!verdict.ok) {
      const headers = verdict.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : undefined;
      return send(reply, {
        status: verdict.status,
        body: { error: verdict.error },
        ...(headers ? { headers } : {}),
      });
    }
    request.caller = { learner: verdict.learner, claims: verdict.claims, domain: verdict.domain };
  };
}

const learnerKey = (c: Caller): string => `${c.learner.rootOrg}\u0000${c.learner.org}\u0000${c.learner.wid}`;

/** Error → `{ error }` with a status; 5xx are logged and answered without detail. */
function errorAnswer(error: unknown, request: FastifyRequest): Reply {
  const e = error as { statusCode?: number; code?: string; message?: string; error?: string };
  const status =
    typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return { status, body: { error: 'Internal server error' } };
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit ?? MAX_JSON_BODY_BYTES;
    return { status: 413, body: { error: `request body must be at most ${limit} bytes` } };
  }
  return { status, body: { error: e.error ?? e.message ?? 'Bad request' } };
}

/**
 * Keeps the connection of a request refused before its body was read (413): Fastify asks for a
 * close, which would reset a client still sending, so it never reads the answer. Instead the
 * rest of the body is read and dropped (bounded in time), and the client gets the `{ error }`.
 */
function answerEarly(request: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('connection');
  discardRest(request.raw);
}

/** Builds the app, not yet listening. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...parts.limits };
  const now = parts.now ?? (() => new Date());
  const newId = parts.newId ?? randomUUID;
  const files = typeof parts.files === 'string' ? openFilesDir(parts.files) : parts.files;
  const app = Fastify({
    logger: loggerOptions(parts.log ?? {}),
    // One line per request (below) instead of Fastify's two: half the log writes under load.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_JSON_BODY_BYTES,
    return503OnClosing: true,
    // A 16 kB token plus the other headers must reach the authenticator (a 401, not Node's 431).
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    ajv: {
      customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false },
    },
  });
  app.decorateRequest('caller', null);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, parseJsonBytes(body as Buffer));
  });

  await app.register(multipart);
  const origins = new Set((parts.allowedOrigins ?? []).map(originOf).filter((o): o is string => o !== null));
  if (origins.size > 0) {
    await app.register(cors, {
      origin: (origin, cb) => cb(null, origin !== undefined && origins.has(originOf(origin) ?? '')),
      methods: ['GET', 'POST'],
      allowedHeaders: CORS_HEADERS,
      exposedHeaders: ['Retry-After'],
      maxAge: 86_400,
      credentials: false,
    });
  }
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: limits.rateLimit.max,
    timeWindow: limits.rateLimit.windowMs,
    keyGenerator: (req) => (req.caller ? learnerKey(req.caller) : 'public'),
    allowList: (req) => req.caller === null,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `Too many requests: retry in ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });

  // JSON answers: not cached, Vary names Accept-Encoding once, compressed whole (http/compression.ts).
  // Global onSend hooks run before Fastify's HEAD hook, so a HEAD gets its GET's encoded length.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    const vary = reply.getHeader('vary');
    reply.header('Vary', varyWithAcceptEncoding(Array.isArray(vary) ? vary.join(', ') : String(vary ?? '')));
    if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding'))
      return payload;
    const { bytes, encoding } = await encodeJson(payload, request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('Content-Encoding', encoding);
    return bytes;
  });

  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer(error, request);
    if (answer.status === 413) answerEarly(request, reply);
    return send(reply, answer);
  });

  const routes = routeTable({
    store: parts.store,
    files,
    now,
    newId,
    quotaBytes: limits.quotaBytes,
    ...(parts.filesUrl ? { filesUrl: parts.filesUrl } : {}),
  });
  const onRequest = authHook(parts.authenticator);
  const NO_CALLER: Caller = { learner: { rootOrg: '', org: '', wid: '' }, claims: {}, domain: '' };
  for (const spec of routes) {
    app.route({
      method: spec.method,
      url: spec.path,
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      ...(spec.body ? { schema: { body: spec.body }, attachValidation: true } : {}),
      ...(spec.auth ? { onRequest } : {}),
      handler: async (request, reply) =>
        send(reply, await spec.handle({ request, caller: request.caller ?? NO_CALLER })),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const methods = methodsAt(routes, path);
    if (methods.length === 0)
      return send(reply, { status: 404, body: { error: `no such API route: ${path}` } });
    const allow = methods.join(', ');
    return send(reply, {
      status: 405,
      body: { error: `method ${request.method} is not allowed here; use ${allow}` },
      headers: { Allow: allow },
    });
  });
  return app;
}
