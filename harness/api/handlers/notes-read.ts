/**
 * The read calls: both fetches, the course list, recent notes and a course collection. All work
 * on the caller's own notes only, so another learner's notes are invisible rather than forbidden.
 */
import type { Note } from '../../../src/protocol/api-types.ts';
import { collectCourse, listCourses } from '../collections.ts';
import { errorReply, type Reply } from '../http-io.ts';
import { RECENT_COUNT } from '../limits.ts';
import { cursorPage, offsetPage } from '../query.ts';
import { requiredId } from '../validate-fields.ts';
import { parseFilter, parsePathQuery } from '../validate-filter.ts';
import { type Call, jsonBody, type Services } from './call.ts';

const ok = (body: unknown): Reply => ({ status: 200, body });

/** `POST /notes/fetch`: a cursor page of notes matching the filter. An empty body means `{}`. */
export function fetchNotes(call: Call, s: Services): Reply {
  const body = call.body.length === 0 ? { ok: true as const, value: {} } : jsonBody(call);
  if (!body.ok) return errorReply(body.status, body.error);
  const filter = parseFilter(body.value);
  if (!filter.ok) return errorReply(filter.status, filter.error);
  return ok(cursorPage(s.store.sorted(call.caller.learner, filter.value.order), filter.value));
}

/** `GET /notes/fetch/{courseId}/{moduleId}/{refId}/{flag}/{limit}/{offset}/{order}`: an offset page. */
export function fetchNotesByPath(call: Call, s: Services): Reply {
  const q = parsePathQuery(call.params);
  if (!q.ok) return errorReply(q.status, q.error);
  return ok(offsetPage(s.store.sorted(call.caller.learner, q.value.order), q.value));
}

/** `GET /notes/list/course`: the caller's courses that have notes, most recently touched first. */
export function listCourseSummaries(call: Call, s: Services): Reply {
  return ok(listCourses(s.store.sorted(call.caller.learner, 'newest')));
}

/** `GET /notes/recent`: the 20 newest notes (by creation). */
export function recentNotes(call: Call, s: Services): Reply {
  const notes: Note[] = s.store.sorted(call.caller.learner, 'newest').slice(0, RECENT_COUNT);
  return ok(notes);
}

/** `GET /notes/collection/{courseId}/{moduleId}`: a course grouped module → resource; `-` module = all. */
export function courseCollection(call: Call, s: Services): Reply {
  const courseId = requiredId(call.params.courseId === '-' ? '' : call.params.courseId, 'courseId');
  if (!courseId.ok) return errorReply(courseId.status, courseId.error);
  const moduleId = call.params.moduleId === '-' ? null : (call.params.moduleId ?? null);
  return ok(collectCourse(s.store.sorted(call.caller.learner, 'oldest'), courseId.value, moduleId));
}
