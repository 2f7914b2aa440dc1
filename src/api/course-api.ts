/**
 * The course reads (docs/api.md), built in the course side's chunk (src/notes/read/courses.ts)
 * over the HTTP client the composition root passes in, so they stay out of the first load. Each
 * answer is validated (parse-response.ts for the course list, parse-course.ts for a collection).
 */
import type { CourseSummary, NoteCollection } from '../protocol/api-types.ts';
import type { HttpClient, RequestOptions } from './http-client.ts';
import { parseCollection } from './parse-course.ts';
import { parseCourseSummaries } from './parse-response.ts';

/** The course side's calls; an interface so it can be tested against a fake. */
export type CourseApi = {
  /** `GET /notes/list/course`. */
  listCourses(options?: RequestOptions): Promise<CourseSummary[]>;
  /** `GET /notes/collection/{courseId}/{moduleId}`; no moduleId means the whole course. */
  collection(courseId: string, moduleId?: string | null, options?: RequestOptions): Promise<NoteCollection>;
};

/**
 * One path segment: null/undefined/'' → `-` ("any"), everything else URL-encoded so an id can't
 * add segments or a query. A leading `a` of `auth…` is sent as `%61` (the server decodes it back):
 * otherwise an id like `authoring-101` would put "/auth" in the URL and drop the session headers.
 * (An id that is exactly `.` or `..` can't be sent in a path at all.)
 */
const seg = (v: string | number | null | undefined): string =>
  v == null || v === '' ? '-' : encodeURIComponent(v).replace(/^a(?=uth)/, '%61');

/** Builds the course reads over an HTTP client. */
export function createCourseApi(http: Pick<HttpClient, 'get'>): CourseApi {
  return {
    listCourses: (options) => http.get('/notes/list/course', parseCourseSummaries, options),
    collection: (courseId, moduleId, options) =>
      http.get(`/notes/collection/${seg(courseId)}/${seg(moduleId)}`, parseCollection, options),
  };
}
