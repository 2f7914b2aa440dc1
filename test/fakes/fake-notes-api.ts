/**
 * A scripted `NotesApi` that records every call, so notes-model tests control what each call
 * answers (value, ApiError, or a pending promise) and assert which calls were made with what.
 */
import type { NotesApi } from '../../src/api/notes-api.ts';
import type { NotesPage } from '../../src/protocol/api-types.ts';

/** One call as the fake saw it. */
export type NotesApiCall = { method: keyof NotesApi; args: unknown[] };

/** The fake plus its call log. */
export type FakeNotesApi = {
  api: NotesApi;
  calls: NotesApiCall[];
  callsTo: (method: keyof NotesApi) => unknown[][];
};

/** An empty page, the default answer of both fetch calls. */
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
    fetchNotesByPath: () => Promise.resolve(emptyPage()),
    listCourses: () => Promise.resolve([]),
    recentNotes: () => Promise.resolve([]),
    collection: unexpected('collection'),
    uploadFile: unexpected('uploadFile'),
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
    fetchNotesByPath: record('fetchNotesByPath'),
    listCourses: record('listCourses'),
    recentNotes: record('recentNotes'),
    collection: record('collection'),
    uploadFile: record('uploadFile'),
  };
  return { api, calls, callsTo: (method) => calls.filter((c) => c.method === method).map((c) => c.args) };
}
