/**
 * The notes calls of docs/api.md: add, update, delete, both fetches, the course list, recent
 * notes and a course collection. Thin: parse (validate-*.ts), let the store do the work, answer.
 * Every call is scoped to the caller, so another learner's note is a 404, never a 403.
 */
import type { Note, NoteCollection } from '../../../src/protocol/api-types.ts';
import { type Check, valid } from '../http/check.ts';
import { checkedBody } from '../http/json-body.ts';
import {
  type Call,
  type Caller,
  errorReply,
  JsonText,
  type Reply,
  type RouteSpec,
} from '../http/route-spec.ts';
import {
  BadCursorError,
  type FetchQuery,
  type NotesStore,
  notesArrayJson,
  type StoredPage,
} from '../parts.ts';
import { displayNameFrom } from './display-name.ts';
import { parseIdempotencyKey } from './idempotency.ts';
import { MAX_JSON_BODY_BYTES } from './limits.ts';
import { applyUpdate, createNote, type NoteDefaults } from './note-factory.ts';
import {
  collectionSchema,
  courseSummarySchema,
  deleteResultSchema,
  errorSchema,
  newNoteSchema,
  noteDeleteSchema,
  noteFilterSchema,
  noteSchema,
  notesPageSchema,
  noteUpdateSchema,
} from './schemas.ts';
import { requiredId } from './validate-fields.ts';
import { parseFilter, parsePathQuery } from './validate-filter.ts';
import { parseNewNote, parseNoteDelete, parseNoteUpdate } from './validate-note.ts';

/** What the notes routes need: the store, the clock and the note-id maker. */
export type NotesDeps = { store: NotesStore; now: () => Date; newId: () => string };

const NOT_FOUND = 'note not found';

const ok = (body: unknown, status = 200): Reply => ({ status, body });
const refused = (c: { status: number; error: string }): Reply => errorReply(c.status, c.error);
const defaultsOf = (caller: Caller): NoteDefaults => ({
  domain: caller.domain,
  displayName: displayNameFrom(caller.claims, caller.learner.wid),
});
const stale = (version: number, current: Note): Reply => ({
  status: 409,
  body: { error: `version ${version} is stale: the note is at version ${current.version}`, current },
});

const headerOf = (call: Call, name: string): string | string[] | undefined => call.request.headers[name];

const err = (description: string) => ({ description, schema: errorSchema });
const common = {
  400: err('a field, header or parameter is wrong; the message names it'),
  401: err('no valid token, or the wid header does not match it'),
  429: err('too many requests from this learner; see Retry-After'),
};
const json = (description: string, schema: Record<string, unknown>) => ({ description, schema });

async function add(call: Call, deps: NotesDeps): Promise<Reply> {
  const key = parseIdempotencyKey(headerOf(call, 'idempotency-key'));
  if (!key.ok) return refused(key);
  const fields = checkedBody(call.request, parseNewNote);
  if (!fields.ok) return refused(fields);
  const note = createNote(fields.value, deps.newId(), deps.now(), defaultsOf(call.caller));
  const stored = await deps.store.add(call.caller.learner, note, key.value);
  return ok(stored.note, stored.created ? 201 : 200);
}

async function update(call: Call, deps: NotesDeps): Promise<Reply> {
  const parsed = checkedBody(call.request, parseNoteUpdate);
  if (!parsed.ok) return refused(parsed);
  const { noteId, version, changes } = parsed.value;
  const defaults = defaultsOf(call.caller);
  const outcome = await deps.store.update(call.caller.learner, noteId, version, (current) =>
    applyUpdate(current, changes, deps.now(), defaults),
  );
  if (outcome.kind === 'missing') return errorReply(404, NOT_FOUND);
  if (outcome.kind === 'conflict') return stale(version, outcome.current);
  return ok(outcome.note);
}

async function remove(call: Call, deps: NotesDeps): Promise<Reply> {
  const parsed = checkedBody(call.request, parseNoteDelete);
  if (!parsed.ok) return refused(parsed);
  const { noteId, version } = parsed.value;
  const outcome = await deps.store.remove(call.caller.learner, noteId, version);
  if (outcome.kind === 'missing') return errorReply(404, NOT_FOUND);
  if (outcome.kind === 'conflict') return stale(version ?? 0, outcome.current);
  return ok({ noteId, deleted: true });
}

/** The parsed filter as the store takes it: absent parts left out, `dueBy` defaulting to `now`. */
function toFetchQuery(body: unknown, now: Date): Check<FetchQuery> {
  const f = parseFilter(body);
  if (!f.ok) return f;
  const v = f.value;
  const q: FetchQuery = { order: v.order, limit: v.limit };
  if (v.review !== null) q.review = v.review;
  if (v.review === 'due') q.dueBy = v.dueBy ?? now.toISOString();
  if (v.refId !== null) q.refId = v.refId;
  if (v.moduleId !== null) q.moduleId = v.moduleId;
  if (v.courseId !== null) q.courseId = v.courseId;
  if (v.query !== null) q.query = v.query;
  if (v.tags.length > 0) q.tags = v.tags;
  if (v.cursor !== null) q.cursor = v.cursor;
  return valid(q);
}

/** A NotesPage answer, its notes written out as stored (SQLite's texts are not parsed and serialized again). */
const pageJson = (p: StoredPage): JsonText =>
  new JsonText(
    `{"notes":${notesArrayJson(p.notes)},"total":${p.total},"nextCursor":${JSON.stringify(p.nextCursor)}}`,
  );

async function fetchNotes(call: Call, deps: NotesDeps): Promise<Reply> {
  const now = deps.now();
  const query = checkedBody(call.request, (b) => toFetchQuery(b, now), {});
  if (!query.ok) return refused(query);
  try {
    return ok(pageJson(await deps.store.fetchJson(call.caller.learner, query.value)));
  } catch (e) {
    if (e instanceof BadCursorError) return errorReply(400, e.message);
    throw e;
  }
}

async function fetchByPath(call: Call, deps: NotesDeps): Promise<Reply> {
  const q = parsePathQuery(call.request.params as Record<string, string>);
  if (!q.ok) return refused(q);
  return ok(pageJson(await deps.store.fetchByPathJson(call.caller.learner, q.value)));
}

async function collection(call: Call, deps: NotesDeps): Promise<Reply> {
  const params = call.request.params as Record<string, string>;
  const courseId = requiredId(params.courseId === '-' ? '' : params.courseId, 'courseId');
  if (!courseId.ok) return refused(courseId);
  const moduleId = params.moduleId === '-' || params.moduleId === undefined ? null : params.moduleId;
  const found = await deps.store.collection(call.caller.learner, courseId.value, moduleId);
  const empty: NoteCollection = { courseId: courseId.value, courseTitle: '', modules: [] };
  return ok(found ?? empty);
}

const id = (description: string) => ({ type: 'string', description });

/** The notes routes, bound to their parts. */
export function notesRoutes(deps: NotesDeps): RouteSpec[] {
  const body = { auth: true, bodyLimit: MAX_JSON_BODY_BYTES } as const;
  return [
    {
      method: 'POST',
      path: '/api/v1/notes/fetch',
      summary: 'A cursor page of the learner’s notes matching a filter',
      ...body,
      body: noteFilterSchema,
      answers: { 200: json('a page', notesPageSchema), ...common },
      handle: (c) => fetchNotes(c, deps),
    },
    {
      method: 'POST',
      path: '/api/v1/notes/add',
      summary: 'Adds a note; an Idempotency-Key makes a retried add store it once',
      ...body,
      body: newNoteSchema,
      headers: {
        'Idempotency-Key': {
          type: 'string',
          pattern: '^[\\x21-\\x7e]{1,200}$',
          description: 'the same key from the same learner again answers 200 with the note first stored',
        },
      },
      answers: {
        201: json('the stored note', noteSchema),
        200: json('the note this learner’s same key first stored (nothing new stored)', noteSchema),
        ...common,
        413: err('content or text over 100 KiB, or a body over 1 MiB'),
      },
      handle: (c) => add(c, deps),
    },
    {
      method: 'POST',
      path: '/api/v1/notes/update',
      summary: 'Changes a note at the version it was based on',
      ...body,
      body: noteUpdateSchema,
      answers: {
        200: json('the note at version + 1', noteSchema),
        ...common,
        404: err('no such note for this learner'),
        409: err('the version is stale; `current` is the server’s copy'),
        413: err('content or text over 100 KiB, or a body over 1 MiB'),
      },
      handle: (c) => update(c, deps),
    },
    {
      method: 'POST',
      path: '/api/v1/notes/delete',
      summary: 'Deletes a note; a given version must be current',
      ...body,
      body: noteDeleteSchema,
      answers: {
        200: json('deleted', deleteResultSchema),
        ...common,
        404: err('no such note for this learner'),
        409: err('the version is stale; `current` is the server’s copy'),
      },
      handle: (c) => remove(c, deps),
    },
    {
      method: 'GET',
      path: '/api/v1/notes/fetch/:courseId/:moduleId/:refId/:flag/:limit/:offset/:order',
      summary: 'An offset page of notes under a course, module or resource',
      auth: true,
      params: {
        courseId: id('a course id, or - for any'),
        moduleId: id('a module id, or - for any'),
        refId: id('a resource id, or - for any'),
        flag: { enum: ['1', '0'], description: '1: include everything under the given ids' },
        limit: { type: 'string', pattern: '^[0-9]+$', description: '1–100' },
        offset: { type: 'string', pattern: '^[0-9]+$' },
        order: { enum: ['newest', 'oldest', 'updated'] },
      },
      answers: { 200: json('a page; nextCursor is the next offset', notesPageSchema), ...common },
      handle: (c) => fetchByPath(c, deps),
    },
    {
      method: 'GET',
      path: '/api/v1/notes/list/course',
      summary: 'The learner’s courses that have notes, most recently touched first',
      auth: true,
      answers: { 200: json('the courses', { type: 'array', items: courseSummarySchema }), ...common },
      handle: async (c) => ok(await deps.store.courses(c.caller.learner)),
    },
    {
      method: 'GET',
      path: '/api/v1/notes/recent',
      summary: 'The learner’s 20 newest notes',
      auth: true,
      answers: { 200: json('the notes, newest first', { type: 'array', items: noteSchema }), ...common },
      handle: async (c) => ok(await deps.store.recent(c.caller.learner)),
    },
    {
      method: 'GET',
      path: '/api/v1/notes/collection/:courseId/:moduleId',
      summary: 'A course’s notes grouped module → resource',
      auth: true,
      params: { courseId: id('the course'), moduleId: id('a module, or - for the whole course') },
      answers: { 200: json('the collection', collectionSchema), ...common },
      handle: (c) => collection(c, deps),
    },
  ];
}
