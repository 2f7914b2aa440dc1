import { type CourseApi, createCourseApi } from '../../api/course-api.ts';
import type { HttpClient } from '../../api/http-client.ts';
import type { CourseSummary, NoteOrder } from '../../protocol/api-types.ts';
import type { NoteList } from '../notes-model.ts';
import type { Problem } from './describe-error.ts';
import type { ListFilter } from './note-filter.ts';
import type { PageLoader } from './note-lists.ts';
import { createRemoteValue, type RemoteValue } from './remote-value.ts';

/**
 * What the course data is built from: the HTTP client its calls are built over here
 * (src/api/course-api.ts), the model's wording of failures, its lists.
 */
export type CoursesDeps = {
  http: Pick<HttpClient, 'get'>;
  describe: (error: unknown) => Problem;
  list: (filter: ListFilter, order: NoteOrder, loader: PageLoader) => NoteList;
  /** The course list kept on this device: shown while the server is asked, saved when it answers. */
  kept?: { read(): CourseSummary[] | null; save(items: CourseSummary[]): void };
};

/** The learner's courses and each course's notes (the `/course` screens and `/view`'s filter). */
export type Courses = {
  /** `GET /notes/list/course`: the courses that have notes, with counts. */
  list: RemoteValue<CourseSummary[]>;
  /** One course's notes, all at once (`GET /notes/collection/{courseId}/-`), from the shared cache. */
  notes(courseId: string): NoteList;
  /** A course's title as its collection named it, once loaded. */
  title(courseId: string): string | undefined;
  /** A new context: reload when next shown; `reset` (another learner) also forgets the titles. */
  invalidate(reset: boolean): void;
};

/**
 * The course side of the notes model, in a chunk of its own (fetched with `/view` or `/course`):
 * the first note on `/` never needs it.
 */
export function createCourses({ http, describe, list, kept }: CoursesDeps): Courses {
  const api: CourseApi = createCourseApi(http);
  const titles = new Map<string, string>();
  const courses = createRemoteValue(
    (signal) =>
      api.listCourses({ signal }).then((items) => {
        kept?.save(items);
        return items;
      }),
    describe,
    () => kept?.read() ?? null,
  );
  const collection =
    (courseId: string): PageLoader =>
    async (_cursor, signal) => {
      const found = await api.collection(courseId, null, { signal });
      titles.set(courseId, found.courseTitle);
      const notes = found.modules.flatMap((m) => m.resources.flatMap((r) => r.notes));
      return { notes, total: notes.length, nextCursor: null, complete: true };
    };
  return {
    list: courses,
    notes: (courseId) => list({ courseId, source: 'collection' }, 'newest', collection(courseId)),
    title: (courseId) => titles.get(courseId),
    invalidate(reset) {
      if (reset) titles.clear();
      courses.invalidate(reset);
    },
  };
}
