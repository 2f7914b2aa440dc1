/**
 * The JSON Schemas of the review calls (checked by Fastify before a handler, and described in the
 * OpenAPI document), and of the card every note answer carries. As the notes schemas, a gate never
 * stricter than the parser (validate-review.ts), which words each refusal by field.
 */
import { type JsonSchema, namedSchema } from '../http/json-schema.ts';
import { MAX_ID_CHARS } from '../notes/limits.ts';

const instant: JsonSchema = { type: 'string', format: 'date-time' };

/**
 * ts-fsrs's card, camel-cased (src/protocol/api-types.ts ReviewCard): in every note answer, so the
 * OpenAPI document has it once, as the component `ReviewCard`.
 */
export const reviewCardSchema: JsonSchema = namedSchema('ReviewCard', {
  type: 'object',
  required: [
    'due',
    'stability',
    'difficulty',
    'scheduledDays',
    'learningSteps',
    'reps',
    'lapses',
    'state',
    'lastReview',
  ],
  properties: {
    due: { ...instant, description: 'when the note is next due' },
    stability: { type: 'number' },
    difficulty: { type: 'number' },
    scheduledDays: { type: 'integer', minimum: 0 },
    learningSteps: { type: 'integer', minimum: 0 },
    reps: { type: 'integer', minimum: 0 },
    lapses: { type: 'integer', minimum: 0 },
    state: { enum: ['new', 'learning', 'review', 'relearning'] },
    lastReview: { type: ['string', 'null'], format: 'date-time' },
  },
});

/** `POST /notes/review`. */
export const noteReviewSchema: JsonSchema = {
  type: 'object',
  required: ['noteId', 'rating', 'reviewedOn'],
  properties: {
    noteId: { type: 'string', minLength: 1, maxLength: MAX_ID_CHARS },
    rating: { enum: [1, 2, 3, 4], description: '1 Again, 2 Hard, 3 Good, 4 Easy' },
    reviewedOn: {
      type: 'string',
      description:
        'ISO 8601 with a zone: when the learner rated it (offline: then, not when sent); at most 5 minutes ahead of the server',
    },
  },
};

/** `GET /notes/review/summary`'s answer. */
export const reviewSummarySchema: JsonSchema = {
  type: 'object',
  required: ['inReview', 'due', 'nextDue'],
  properties: {
    inReview: { type: 'integer', minimum: 0, description: 'notes in review' },
    due: { type: 'integer', minimum: 0, description: 'of those, due by dueBy' },
    nextDue: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'the earliest due date after dueBy',
    },
  },
};
