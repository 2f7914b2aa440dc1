/**
 * A scripted `NotesApi` and `ReviewApi` that records every call, so notes-model tests control what each call
 * answers (value, ApiError, or a pending promise) and assert which calls were made with what.
 * Every argument is recorded as passed (no trailing `undefined` is added), including the
 * `RequestOptions` (`{ signal?, keepalive?, idempotencyKey? }`) that reads, `addNote(note, options?)`,
 * `updateNote(update, options?)` and `deleteNote(noteId, version?, options?)` take last; `optionsTo`
 * picks those out.
 */
import type { RequestOptions } from '../../src/api/http-client.ts';
import type { NotesApi as ScreensApi } from '../../src/api/notes-api.ts';
import type { ReviewApi, ReviewHttp } from '../../src/api/review-api.ts';
import type { NoteReview, NotesPage } from '../../src/protocol/api-types.ts';

/** Both call sets the app makes: the first load's and review's (built in its chunks over `http`). */
export type NotesApi = ScreensApi & ReviewApi;

/** The options a call may carry (an add's `Idempotency-Key` included). */
export type CallOptions = RequestOptions & { idempotencyKey?: string };

/** One call as the fake saw it. */
export type NotesApiCall = { method: keyof NotesApi; args: unknown[] };

/** The fake plus its call log. */
export type FakeNotesApi = {
  api: NotesApi;
  /**
   * An HTTP client for the review calls (src/api/review-api.ts builds them over it): it answers
   * `POST /notes/review` and `GET /notes/review/summary?dueBy=` through `api.reviewNote` and
   * `api.reviewSummary` (recorded as those), each answer through the real parser.
   */
  http: ReviewHttp;
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
  const withOptions = <T>(options: T | undefined) => (options === undefined ? [] : [options]);
  const http: ReviewHttp = {
    get(path, parse, options) {
      const dueBy = /^\/notes\/review\/summary\?dueBy=([^&]*)$/.exec(path)?.[1];
      if (dueBy === undefined) return unexpectedPath('GET', path);
      return api.reviewSummary(decodeURIComponent(dueBy), ...withOptions(options)).then(parse);
    },
    post(path, body, parse, options) {
      if (path !== '/notes/review') return unexpectedPath('POST', path);
      return api.reviewNote(body as NoteReview, ...withOptions(options)).then(parse);
    },
  };
  return { api, http, calls, callsTo, optionsTo };
}
