/**
 * Fastify's logger options for the service: JSON lines, and never a token, an Authorization or
 * `x-authenticated-user-token` header, a body or a note's text. Requests log their method, path
 * (without the query) and id; errors their type, code and message only, since a driver's error
 * detail can quote stored values.
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

/** Where logs go and from what level; `false` turns them off (some tests). */
export type LogOptions = false | { level?: string; stream?: Writable };

type Loggable = { method?: string; url?: string; id?: string; statusCode?: number };

/** The logger configuration Fastify is built with. */
export function loggerOptions(log: LogOptions): FastifyServerOptions['logger'] {
  if (log === false) return false;
  return {
    level: log.level ?? 'info',
    ...(log.stream ? { stream: log.stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-authenticated-user-token"]',
        'req.body',
        'headers.authorization',
        'headers["x-authenticated-user-token"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: Loggable) => ({ id: req.id, method: req.method, path: (req.url ?? '').split('?')[0] }),
      res: (res: Loggable) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string; statusCode?: number }) => ({
        type: err.name,
        code: err.code,
        statusCode: err.statusCode,
        message: err.message,
        stack: err.stack ?? '',
      }),
    },
  };
}
