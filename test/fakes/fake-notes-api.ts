/**
 * A scripted notes API — every call the app makes: the first load's `NotesApi` and those its chunks
 * build over the HTTP client (`WriteApi`, `CourseApi`, `ReviewApi`) — that records every call, so
 * notes-model tests control what each call answers (value, ApiError, or a pending promise) and
 * assert which calls were made with what. `http` is an HTTP client that answers the chunks' calls
 * through the same scripted methods, so the real write, course and review calls run over it.
 * Every argument is recorded as passed (no trailing `undefined` is added), including the
 * `RequestOptions` (`{ signal?, keepalive?, idempotencyKey? }`) that reads, `addNote(note, options?)`,
 * `updateNote(update, options?)` and `deleteNote(noteId, version?, options?)` take last; `optionsTo`
 * picks those out.
 */
import type { CourseApi } from '../../src/api/course-api.ts';
import type { HttpClient, RequestOptions } from '../../src/api/http-client.ts';
import type { NotesApi as FirstLoadApi } from '../../src/api/notes-api.ts';
import type { ReviewApi } from '../../src/api/review-api.ts';
import type { WriteApi } from '../../src/api/write-api.ts';
import type { NewNote, NoteReview, NotesPage, NoteUpdate } from '../../src/protocol/api-types.ts';

/** Every call the app makes: the first load's, and those built in its chunks over `http`. */
export type NotesApi = FirstLoadApi & WriteApi & CourseApi & ReviewApi;

/** The options a call may carry (an add's `Idempotency-Key` included). */
export type CallOptions = RequestOptions & { idempotencyKey?: string };

/** One call as the fake saw it. */
export type NotesApiCall = { method: keyof NotesApi; args: unknown[] };

/** The fake plus its call log. */
export type FakeNotesApi = {
  api: NotesApi;
  /**
   * An HTTP client for the calls the chunks build (src/api/write-api.ts, course-api.ts,
   * review-api.ts): each request is answered by the `api` method it stands for (recorded as that
   * call, its arguments read back from the path and body), the answer going through the real parser.
   */
  http: HttpClient;
  calls: NotesApiCall[];
  callsTo: (method: keyof NotesApi) => unknown[][];
  /** The `RequestOptions` argument of each call to `method` (undefined where none was passed). */
  optionsTo: (method: keyof NotesApi) => (CallOptions | undefined)[];
};

/** Where each method takes its `RequestOptions` (methods without one are absent). */
const OPTIONS_AT: Partial<Record<keyof NotesApi, number>> = {
  fetchNotes: 1,
  addNote: 1,
  updateNote: 1,
  deleteNote: 2,
  listCourses: 0,
  recentNotes: 0,
  collection: 2,
  reviewNote: 1,
  reviewSummary: 1,
};

/** An empty page, the default answer of fetchNotes. */
export const emptyPage = (): NotesPage => ({ notes: [], total: 0, nextCursor: null });

/**
 * Builds the fake; `script` overrides any method. Unscripted reads answer empty data; unscripted
 * writes reject, so a test notices an unexpected write.
 */
export function createFakeNotesApi(script: Partial<NotesApi> = {}): FakeNotesApi {
  const calls: NotesApiCall[] = [];
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call: ${name}`));
  const base: NotesApi = {
    fetchNotes: () => Promise.resolve(emptyPage()),
    addNote: unexpected('addNote'),
    updateNote: unexpected('updateNote'),
    deleteNote: unexpected('deleteNote'),
    listCourses: () => Promise.resolve([]),
    recentNotes: () => Promise.resolve([]),
    collection: unexpected('collection'),
    uploadFile: unexpected('uploadFile'),
    reviewNote: unexpected('reviewNote'),
    reviewSummary: () => Promise.resolve({ inReview: 0, due: 0, nextDue: null }),
    ...script,
  };
  const record =
    <K extends keyof NotesApi>(method: K) =>
    (...args: Parameters<NotesApi[K]>): ReturnType<NotesApi[K]> => {
      calls.push({ method, args });
      const fn = base[method] as (...a: Parameters<NotesApi[K]>) => ReturnType<NotesApi[K]>;
      return fn(...args);
    };
  const api: NotesApi = {
    fetchNotes: record('fetchNotes'),
    addNote: record('addNote'),
    updateNote: record('updateNote'),
    deleteNote: record('deleteNote'),
    listCourses: record('listCourses'),
    recentNotes: record('recentNotes'),
    collection: record('collection'),
    uploadFile: record('uploadFile'),
    reviewNote: record('reviewNote'),
    reviewSummary: record('reviewSummary'),
  };
  const callsTo = (method: keyof NotesApi) => calls.filter((c) => c.method === method).map((c) => c.args);
  const optionsTo = (method: keyof NotesApi) => {
    const at = OPTIONS_AT[method];
    return callsTo(method).map((args) =>
      at === undefined ? undefined : (args[at] as CallOptions | undefined),
    );
  };
  const unexpectedPath = (method: string, path: string) =>
    Promise.reject(new Error(`unexpected call: ${method} ${path}`));
  /** The arguments as a caller passes them: no trailing `undefined`. */
  const passed = (...args: unknown[]) => {
    while (args.length && args[args.length - 1] === undefined) args.pop();
    return args;
  };
  const call = <T>(method: keyof NotesApi, args: unknown[], parse: (v: unknown) => T): Promise<T> =>
    (api[method] as (...a: unknown[]) => Promise<unknown>)(...args).then(parse);
  const segment = (v: string | undefined) => (v === undefined || v === '-' ? null : decodeURIComponent(v));
  const http: HttpClient = {
    get(path, parse, options) {
      if (path === '/notes/list/course') return call('listCourses', passed(options), parse);
      const dueBy = /^\/notes\/review\/summary\?dueBy=([^&]*)$/.exec(path)?.[1];
      if (dueBy !== undefined)
        return call('reviewSummary', passed(decodeURIComponent(dueBy), options), parse);
      const ids = /^\/notes\/collection\/([^/]+)\/([^/]+)$/.exec(path);
      if (ids) return call('collection', passed(segment(ids[1]) ?? '', segment(ids[2]), options), parse);
      return unexpectedPath('GET', path);
    },
    post(path, body, parse, options) {
      if (path === '/notes/add') return call('addNote', passed(body as NewNote, options), parse);
      if (path === '/notes/update') return call('updateNote', passed(body as NoteUpdate, options), parse);
      if (path === '/notes/review') return call('reviewNote', passed(body as NoteReview, options), parse);
      if (path === '/notes/delete') {
        const { noteId, version } = body as { noteId: string; version?: number };
        return call('deleteNote', passed(noteId, version, options), parse);
      }
      if (path === '/file/upload' && body instanceof FormData) {
        const file = body.get('file') as File;
        return call('uploadFile', passed(file, file.name, options), parse);
      }
      return unexpectedPath('POST', path);
    },
  };
  return { api, http, calls, callsTo, optionsTo };
}
