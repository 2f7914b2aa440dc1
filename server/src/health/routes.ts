/**
 * `GET /healthz` (the process answers) and `GET /readyz` (the database answers too, else 503),
 * at the root, for a load balancer or an orchestrator. No auth, nothing about the data.
 */
import { errorReply, type RouteSpec } from '../http/route-spec.ts';
import type { NotesStore } from '../parts.ts';

const status = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
};

/** The two probes. */
export function healthRoutes(store: NotesStore): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/healthz',
      summary: 'The process is up',
      auth: false,
      answers: { 200: { description: 'up', schema: status } },
      handle: async () => ({ status: 200, body: { status: 'ok' } }),
    },
    {
      method: 'GET',
      path: '/readyz',
      summary: 'The database answers',
      auth: false,
      answers: {
        200: { description: 'ready', schema: status },
        503: { description: 'the database does not answer', schema: status },
      },
      handle: async () => {
        const ready = await store.ready().catch(() => false);
        return ready
          ? { status: 200, body: { status: 'ready' } }
          : errorReply(503, 'the database does not answer');
      },
    },
  ];
}
