/**
 * The one place API responses are validated (docs/api.md): the server is outside our bundle, so
 * nothing it sends reaches a screen untyped. Strict on types, lenient on extra fields (dropped).
 * Hand-written combinators instead of a schema library, to keep the first load small. The shapes
 * only lazy chunks read are in modules of their own, built on these combinators and fetched with
 * those chunks: parse-write.ts (the write side's answers), parse-course.ts (a collection) and
 * parse-review.ts (a note's review card, the summary).
 */
import type {
  ApiErrorBody,
  CourseSummary,
  Note,
  NoteAnchor,
  NotesPage,
  ReviewCard,
} from '../protocol/api-types.ts';
import { ApiError } from './api-error.ts';

/** A validator: returns the typed value or throws naming `path` (src/api/parse-review.ts builds on these). */
export type P<T> = (v: unknown, path: string) => T;
type Rec = Record<string, unknown>;

export const fail = (path: string): never => {
  throw new ApiError('invalid-response', `Invalid response field: ${path || '(root)'}`);
};
export const str: P<string> = (v, p) => (typeof v === 'string' ? v : fail(p));
export const num: P<number> = (v, p) => (typeof v === 'number' && Number.isFinite(v) ? v : fail(p));
export const lit =
  <T>(value: T): P<T> =>
  (v, p) =>
    v === value ? value : fail(p);
const nullable =
  <T>(f: P<T>): P<T | null> =>
  (v, p) =>
    v === null ? null : f(v, p);
export const arr =
  <T>(f: P<T>): P<T[]> =>
  (v, p) =>
    Array.isArray(v) ? v.map((x, i) => f(x, `${p}[${i}]`)) : fail(p);
const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const obj =
  <T>(shape: { [K in keyof T]-?: P<T[K]> }): P<T> =>
  (v, p) => {
    const src = isObj(v) ? v : fail(p);
    const out: Partial<T> = {};
    for (const k in shape) {
      const x = shape[k](src[k], p ? `${p}.${k}` : k);
      if (x !== undefined) out[k] = x; // an optional field absent stays absent
    }
    return out as T;
  };

/** An optional field: absent (`undefined`) passes and stays absent; present, it must pass `f`. */
const opt =
  <T>(f: P<T>): P<T | undefined> =>
  (v, p) =>
    v === undefined ? undefined : f(v, p);
export const nstr = nullable(str);
const anchor: P<NoteAnchor> = (v, p) =>
  v === null
    ? null
    : isObj(v) && v.kind === 'time'
      ? obj<{ kind: 'time'; seconds: number }>({ kind: lit('time'), seconds: num })(v, p)
      : obj<{ kind: 'page'; page: number }>({ kind: lit('page'), page: num })(v, p);

/** A stored note (parse-course.ts builds a collection's notes on it). */
export const note = obj<Note>({
  noteId: str,
  refId: str,
  moduleId: nstr,
  courseId: nstr,
  refTitle: str,
  moduleTitle: nstr,
  courseTitle: nstr,
  domain: str,
  appRef: nstr,
  displayName: str,
  content: str,
  text: str,
  anchor,
  tags: arr(str),
  createdOn: str,
  updatedOn: str,
  version: num,
  // Review (issue 27): optional, absent on an API without review. The card is only checked to be an
  // object or null here: the review chunks, its only readers, validate it (src/api/parse-review.ts).
  inReview: opt((v, p) => (typeof v === 'boolean' ? v : fail(p))),
  review: opt((v, p) => (v === null || isObj(v) ? (v as ReviewCard | null) : fail(p))),
});
const notes = arr(note);
const page = obj<NotesPage>({ notes, total: num, nextCursor: nstr });
const courses = arr(obj<CourseSummary>({ courseId: str, courseTitle: str, noteCount: num, updatedOn: str }));

/** Turns a validator into a root-level parser (`(v: unknown) => T`) the HTTP client can call. */
export const root =
  <T>(f: P<T>) =>
  (v: unknown): T =>
    f(v, '');

/** A stored note (add, update, 409 `current`). */
export const parseNote = root(note);
/** `GET /notes/recent`. */
export const parseNoteList = root(notes);
/** Either fetch call's page. */
export const parseNotesPage = root(page);
/** `GET /notes/list/course` (and the course list kept on the device). */
export const parseCourseSummaries = root(courses);

/**
 * A non-2xx body: `{ error, current? }` or null when it isn't that shape. A malformed `current`
 * is dropped but `error` kept, so the learner still sees the server's reason (the caller refetches).
 */
export function parseErrorBody(v: unknown): ApiErrorBody | null {
  if (!isObj(v) || typeof v.error !== 'string') return null;
  const body: ApiErrorBody = { error: v.error };
  try {
    if (v.current !== undefined) body.current = parseNote(v.current);
  } catch {
    // keep `error` alone: see above
  }
  return body;
}
