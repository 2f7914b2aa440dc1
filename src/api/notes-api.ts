/**
 * The typed notes API (docs/api.md): the calls screens use, each validated by parse-response so
 * a screen only ever sees well-formed data or an `ApiError`.
 */
import type {
  CourseSummary,
  DeleteResult,
  NewNote,
  Note,
  NoteCollection,
  NoteFilter,
  NotesPage,
  NoteUpdate,
  UploadResult,
} from '../protocol/api-types.ts';
import type { HttpClient, RequestOptions, UploadOptions } from './http-client.ts';
import {
  parseCollection,
  parseCourseSummaries,
  parseDeleteResult,
  parseNote,
  parseNoteList,
  parseNotesPage,
  parseUploadResult,
} from './parse-response.ts';

/**
 * The calls a screen may make (review's are src/api/review-api.ts, built in the review chunks); an
 * interface so screens can be tested against a fake. Reads take
 * `RequestOptions` so a superseded load can be cancelled; deletes so one can outlive the page.
 */
export type NotesApi = {
  /** `POST /notes/fetch`. */
  fetchNotes(filter: NoteFilter, options?: RequestOptions): Promise<NotesPage>;
  /**
   * `POST /notes/add` (answers 201). With `options.idempotencyKey` the request carries it as
   * `Idempotency-Key`: a retry with the same key answers 200 with the note the first call stored.
   */
  addNote(note: NewNote, options?: RequestOptions): Promise<Note>;
  /** `POST /notes/update`; a stale version rejects with ApiError status 409 and `body.current`. */
  updateNote(update: NoteUpdate, options?: RequestOptions): Promise<Note>;
  /** `POST /notes/delete`, with the version the learner saw when given (a stale one → 409). */
  deleteNote(noteId: string, version?: number, options?: RequestOptions): Promise<DeleteResult>;
  /** `GET /notes/list/course`. */
  listCourses(options?: RequestOptions): Promise<CourseSummary[]>;
  /** `GET /notes/recent`. */
  recentNotes(options?: RequestOptions): Promise<Note[]>;
  /** `GET /notes/collection/{courseId}/{moduleId}`; no moduleId means the whole course. */
  collection(courseId: string, moduleId?: string | null, options?: RequestOptions): Promise<NoteCollection>;
  /**
   * `POST /file/upload`: an image for a note; only the returned URL gets embedded.
   * `options.onProgress` follows the bytes sent (when the client has an XHR factory).
   */
  uploadFile(file: Blob, name?: string, options?: UploadOptions): Promise<UploadResult>;
};

/**
 * One path segment: null/undefined/'' → `-` ("any"), everything else URL-encoded so an id can't
 * add segments or a query. A leading `a` of `auth…` is sent as `%61` (the server decodes it back):
 * otherwise an id like `authoring-101` would put "/auth" in the URL and drop the session headers.
 * (An id that is exactly `.` or `..` can't be sent in a path at all.)
 */
const seg = (v: string | number | null | undefined): string =>
  v == null || v === '' ? '-' : encodeURIComponent(v).replace(/^a(?=uth)/, '%61');

/** Builds the API over an HTTP client. */
export function createNotesApi(http: HttpClient): NotesApi {
  return {
    fetchNotes: (filter, options) => http.post('/notes/fetch', filter, parseNotesPage, options),
    addNote: (note, options) => http.post('/notes/add', note, parseNote, options),
    updateNote: (update, options) => http.post('/notes/update', update, parseNote, options),
    deleteNote: (noteId, version, options) =>
      http.post(
        '/notes/delete',
        version === undefined ? { noteId } : { noteId, version },
        parseDeleteResult,
        options,
      ),
    listCourses: (options) => http.get('/notes/list/course', parseCourseSummaries, options),
    recentNotes: (options) => http.get('/notes/recent', parseNoteList, options),
    collection: (courseId, moduleId, options) =>
      http.get(`/notes/collection/${seg(courseId)}/${seg(moduleId)}`, parseCollection, options),
    uploadFile: (file, name, options) => {
      const form = new FormData();
      if (name === undefined) form.append('file', file);
      else form.append('file', file, name);
      return http.upload('/file/upload', form, parseUploadResult, options);
    },
  };
}
