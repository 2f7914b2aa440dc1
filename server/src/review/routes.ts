/**
 * The review calls of docs/api.md: `POST /notes/review` (one rating, exactly once per
 * Idempotency-Key) and `GET /notes/review/summary` (what the Review tab shows). The due list itself
 * is a `POST /notes/fetch` filter (notes/routes.ts). Thin: parse (validate-review.ts), let the store
 * schedule (server/src/store/review.ts over src/review/schedule.ts), answer. Scoped to the caller:
 * another learner's note is a 404.
 */

import { checkedBody } from '../http/json-body.ts';
import { type Call, errorReply, type Reply, type RouteSpec } from '../http/route-spec.ts';
import { BAD_KEY_ERROR, IDEMPOTENCY_HEADER, parseIdempotencyKey } from '../notes/idempotency.ts';
import { MAX_JSON_BODY_BYTES } from '../notes/limits.ts';
import { errorSchema, noteSchema } from '../notes/schemas.ts';
import type { NotesStore } from '../parts.ts';
import { noteReviewSchema, reviewSummarySchema } from './schemas.ts';
import { parseDueBy, parseReview } from './validate-review.ts';

/** What the review routes need: the store and the clock. */
export type ReviewDeps = { store: NotesStore; now: () => Date };

/** The 400 for a rating sent without a key: a retried rating must never count twice. */
export const KEY_REQUIRED = `Idempotency-Key is required on a rating (${BAD_KEY_ERROR.replace('Idempotency-Key ', '')})`;

const err = (description: string) => ({ description, schema: errorSchema });
const common = {
  400: err('a field, header or parameter is wrong; the message names it'),
  401: err('no valid token, or the wid header does not match it'),
  429: err('too many requests from this learner; see Retry-After'),
};

async function review(call: Call, deps: ReviewDeps): Promise<Reply> {
  const key = parseIdempotencyKey(call.request.headers[IDEMPOTENCY_HEADER]);
  if (!key.ok) return errorReply(key.status, key.error);
  if (key.value === null) return errorReply(400, KEY_REQUIRED);
  const now = deps.now();
  const parsed = checkedBody(call.request, (b) => parseReview(b, now));
  if (!parsed.ok) return errorReply(parsed.status, parsed.error);
  const outcome = await deps.store.rate(call.caller.learner, parsed.value, key.value);
  if (outcome.kind === 'missing') return errorReply(404, 'note not found');
  if (outcome.kind === 'not-in-review') {
    return {
      status: 409,
      body: {
        error: 'the note is not in review: tick "Review this note" or hide words in it first',
        current: outcome.current,
      },
    };
  }
  return { status: 200, body: outcome.note };
}

async function summary(call: Call, deps: ReviewDeps): Promise<Reply> {
  const query = (call.request.query ?? {}) as Record<string, unknown>;
  const dueBy = parseDueBy(query.dueBy, deps.now());
  if (!dueBy.ok) return errorReply(dueBy.status, dueBy.error);
  return { status: 200, body: await deps.store.reviewSummary(call.caller.learner, dueBy.value) };
}

/** The review routes, bound to their parts. */
export function reviewRoutes(deps: ReviewDeps): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/notes/review',
      summary: 'Rates a note in review (FSRS): the note with its next due date',
      auth: true,
      bodyLimit: MAX_JSON_BODY_BYTES,
      body: noteReviewSchema,
      headers: {
        'Idempotency-Key': {
          type: 'string',
          pattern: '^[\\x21-\\x7e]{1,200}$',
          description:
            'required: the same key from the same learner again (24 h) answers 200 with the note as that first rating left it, rating nothing',
        },
      },
      answers: {
        200: {
          description: 'the note with its new card (or, for a key seen before, as it was)',
          schema: noteSchema,
        },
        ...common,
        404: err('no such note for this learner'),
        409: err('the note is not in review; `current` is the server’s copy'),
      },
      handle: (c) => review(c, deps),
    },
    {
      method: 'GET',
      path: '/api/v1/notes/review/summary',
      summary: 'How many notes are in review and due, and when the next one is due',
      auth: true,
      query: {
        dueBy: {
          type: 'string',
          description: 'ISO 8601 with a zone (e.g. the end of the learner’s day); default: now',
        },
      },
      answers: { 200: { description: 'the summary', schema: reviewSummarySchema }, ...common },
      handle: (c) => summary(c, deps),
    },
  ];
}
