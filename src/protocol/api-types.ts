/**
 * The notes REST contract (docs/api.md), shared by the app's HTTP client and the harness's mock API
 * so both sides agree on every field.
 */

/** Base path every call sits under. */
export const API_BASE = '/api/v1';

/** Where in a resource a note was taken. */
export type NoteAnchor = { kind: 'time'; seconds: number } | { kind: 'page'; page: number } | null;

/** Sort orders the API understands. */
export type NoteOrder = 'newest' | 'oldest' | 'updated';

/** A stored note. `content` is sanitised HTML but still untrusted when rendered. */
export type Note = {
  noteId: string;
  refId: string;
  moduleId: string | null;
  courseId: string | null;
  refTitle: string;
  moduleTitle: string | null;
  courseTitle: string | null;
  domain: string;
  appRef: string | null;
  displayName: string;
  content: string;
  text: string;
  anchor: NoteAnchor;
  tags: string[];
  createdOn: string;
  updatedOn: string;
  version: number;
};

/** The body of `POST /notes/add`: a note before the server assigned its identity and times. */
export type NewNote = Omit<Note, 'noteId' | 'createdOn' | 'updatedOn' | 'version'>;

/** The body of `POST /notes/update`: identity, the version it was based on, and changed fields. */
export type NoteUpdate = { noteId: string; version: number } & Partial<NewNote>;

/** The body of `POST /notes/fetch`. */
export type NoteFilter = {
  refId?: string;
  moduleId?: string;
  courseId?: string;
  query?: string;
  tags?: string[];
  order?: NoteOrder;
  /** 1–100, default 20. */
  limit?: number;
  cursor?: string;
};

/** A page of notes from `POST /notes/fetch`. */
export type NotesPage = { notes: Note[]; total: number; nextCursor: string | null };

/** One row of `GET /notes/list/course`. */
export type CourseSummary = { courseId: string; courseTitle: string; noteCount: number; updatedOn: string };

/** `GET /notes/collection/{courseId}/{moduleId}`: a course's notes grouped module → resource. */
export type NoteCollection = {
  courseId: string;
  courseTitle: string;
  modules: {
    moduleId: string;
    moduleTitle: string;
    resources: { refId: string; refTitle: string; notes: Note[] }[];
  }[];
};

/** `POST /notes/delete` answer. */
export type DeleteResult = { noteId: string; deleted: true };

/** `POST /file/upload` answer. */
export type UploadResult = { url: string; name: string; size: number; type: string };

/** Error body of every non-2xx answer; a 409 also carries the current note. */
export type ApiErrorBody = { error: string; current?: Note };
