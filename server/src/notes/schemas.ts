/**
 * The JSON Schemas of the notes calls: request bodies (checked by Fastify before a handler runs)
 * and answers (for the OpenAPI document). They are a gate, never stricter than the field parsers
 * in validate-*.ts, which then apply defaults and the rules a schema can't say (UTF-8 sizes,
 * tags unique ignoring case, opaque cursors) and word every refusal by field.
 */
import type { JsonSchema } from '../http/json-schema.ts';
import { reviewCardSchema } from '../review/schemas.ts';
import {
  MAX_CONTENT_BYTES,
  MAX_CURSOR_CHARS,
  MAX_ID_CHARS,
  MAX_LIMIT,
  MAX_QUERY_CHARS,
  MAX_TAGS,
  MAX_TITLE_CHARS,
  MIN_LIMIT,
} from './limits.ts';

const id: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_ID_CHARS };
const optionalId: JsonSchema = { type: ['string', 'null'], maxLength: MAX_ID_CHARS };
const title: JsonSchema = { type: 'string', maxLength: MAX_TITLE_CHARS };
const optionalTitle: JsonSchema = { type: ['string', 'null'], maxLength: MAX_TITLE_CHARS };
const html: JsonSchema = {
  type: 'string',
  description: `HTML, untrusted; at most ${MAX_CONTENT_BYTES} bytes in UTF-8 (else 413)`,
};
const tag: JsonSchema = { type: 'string', minLength: 1 };

/** Where in a resource a note was taken. */
export const anchorSchema: JsonSchema = {
  oneOf: [
    { type: 'null' },
    {
      type: 'object',
      required: ['kind', 'seconds'],
      properties: { kind: { const: 'time' }, seconds: { type: 'number', minimum: 0 } },
    },
    {
      type: 'object',
      required: ['kind', 'page'],
      properties: { kind: { const: 'page' }, page: { type: 'integer', minimum: 1 } },
    },
  ],
};

/** The fields a learner writes; every one optional here (add requires refId and content). */
const noteFields: Record<string, JsonSchema> = {
  refId: id,
  moduleId: optionalId,
  courseId: optionalId,
  refTitle: title,
  moduleTitle: optionalTitle,
  courseTitle: optionalTitle,
  domain: { ...title, description: 'blank: the domain header' },
  appRef: optionalId,
  displayName: { ...title, description: "blank: the token's names" },
  content: html,
  text: { ...html, description: 'plain text of content; missing or empty: derived from content' },
  anchor: anchorSchema,
  tags: {
    type: ['array', 'null'],
    maxItems: MAX_TAGS,
    items: tag,
    description: 'at most 10 tags of at most 40 characters, unique ignoring case',
  },
  inReview: {
    type: 'boolean',
    description: '"Review this note"; missing on an add: false. (`review` is the server’s: ignored if sent)',
  },
};

/** `POST /notes/add`. */
export const newNoteSchema: JsonSchema = {
  type: 'object',
  required: ['refId', 'content'],
  properties: noteFields,
};

const version: JsonSchema = { type: 'integer', minimum: 1 };

/** `POST /notes/update`: which note, the version it was based on, and the changed fields. */
export const noteUpdateSchema: JsonSchema = {
  type: 'object',
  required: ['noteId', 'version'],
  properties: { noteId: id, version, ...noteFields },
};

/** `POST /notes/delete`. */
export const noteDeleteSchema: JsonSchema = {
  type: 'object',
  required: ['noteId'],
  properties: { noteId: id, version },
};

/** `POST /notes/fetch`; an empty body means `{}`. */
export const noteFilterSchema: JsonSchema = {
  type: 'object',
  properties: {
    refId: optionalId,
    moduleId: optionalId,
    courseId: optionalId,
    query: {
      type: ['string', 'null'],
      maxLength: MAX_QUERY_CHARS,
      description: 'case-insensitive substring of the text, titles or tags',
    },
    tags: { type: ['array', 'null'], items: { type: 'string' }, description: 'all must be on the note' },
    order: {
      enum: ['newest', 'oldest', 'updated', 'due'],
      default: 'newest',
      description:
        'due: only notes in review, soonest due first (never rated: due since they entered review)',
    },
    review: {
      enum: ['in', 'due', null],
      description: 'in: only notes in review; due: only those due by dueBy',
    },
    dueBy: {
      type: ['string', 'null'],
      description: 'ISO 8601 with a zone; with review: due, the instant notes must be due by (default: now)',
    },
    limit: { type: 'integer', minimum: MIN_LIMIT, maximum: MAX_LIMIT, default: 20 },
    cursor: {
      type: ['string', 'null'],
      maxLength: MAX_CURSOR_CHARS,
      description: "a previous page's nextCursor, in the same order",
    },
  },
};

const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });

/** A stored note. */
export const noteSchema: JsonSchema = {
  type: 'object',
  required: [
    'noteId',
    'refId',
    'moduleId',
    'courseId',
    'refTitle',
    'moduleTitle',
    'courseTitle',
    'domain',
    'appRef',
    'displayName',
    'content',
    'text',
    'anchor',
    'tags',
    'createdOn',
    'updatedOn',
    'version',
    'inReview',
    'review',
  ],
  properties: {
    noteId: { type: 'string' },
    refId: { type: 'string' },
    moduleId: nullable('string'),
    courseId: nullable('string'),
    refTitle: { type: 'string' },
    moduleTitle: nullable('string'),
    courseTitle: nullable('string'),
    domain: { type: 'string' },
    appRef: nullable('string'),
    displayName: { type: 'string' },
    content: { type: 'string' },
    text: { type: 'string' },
    anchor: anchorSchema,
    tags: { type: 'array', items: { type: 'string' } },
    createdOn: { type: 'string', format: 'date-time' },
    updatedOn: { type: 'string', format: 'date-time' },
    version: { type: 'integer', minimum: 1 },
    inReview: { type: 'boolean', description: 'the learner’s "Review this note" checkbox' },
    review: {
      oneOf: [{ type: 'null' }, reviewCardSchema],
      description: 'the FSRS card, set only by POST /notes/review; null before the first rating',
    },
  },
};

/** A page of notes. */
export const notesPageSchema: JsonSchema = {
  type: 'object',
  required: ['notes', 'total', 'nextCursor'],
  properties: {
    notes: { type: 'array', items: noteSchema },
    total: { type: 'integer', minimum: 0 },
    nextCursor: nullable('string'),
  },
};

/** One row of the course list. */
export const courseSummarySchema: JsonSchema = {
  type: 'object',
  required: ['courseId', 'courseTitle', 'noteCount', 'updatedOn'],
  properties: {
    courseId: { type: 'string' },
    courseTitle: { type: 'string' },
    noteCount: { type: 'integer', minimum: 1 },
    updatedOn: { type: 'string', format: 'date-time' },
  },
};

/** A course's notes grouped module → resource. */
export const collectionSchema: JsonSchema = {
  type: 'object',
  required: ['courseId', 'courseTitle', 'modules'],
  properties: {
    courseId: { type: 'string' },
    courseTitle: { type: 'string' },
    modules: {
      type: 'array',
      items: {
        type: 'object',
        required: ['moduleId', 'moduleTitle', 'resources'],
        properties: {
          moduleId: { type: 'string', description: "'' for the notes on the course itself" },
          moduleTitle: { type: 'string' },
          resources: {
            type: 'array',
            items: {
              type: 'object',
              required: ['refId', 'refTitle', 'notes'],
              properties: {
                refId: { type: 'string' },
                refTitle: { type: 'string' },
                notes: { type: 'array', items: noteSchema },
              },
            },
          },
        },
      },
    },
  },
};

/** `POST /notes/delete`'s answer. */
export const deleteResultSchema: JsonSchema = {
  type: 'object',
  required: ['noteId', 'deleted'],
  properties: { noteId: { type: 'string' }, deleted: { const: true } },
};

/** Every non-2xx answer; a 409 also carries the server's copy. */
export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, current: noteSchema },
};
