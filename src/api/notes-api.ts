/**
 * The typed notes API (docs/api.md) of the first load: the reads a first screen makes, each
 * validated by parse-response so a screen only ever sees well-formed data or an `ApiError`. The
 * other calls are built over the same HTTP client in the chunks that make them: the writes
 * (write-api.ts, the write side), the course reads (course-api.ts, the course side) and review
 * (review-api.ts).
 */
import type { Note, NoteFilter, NotesPage } from '../protocol/api-types.ts';
import type { HttpClient, RequestOptions } from './http-client.ts';
import { parseNoteList, parseNotesPage } from './parse-response.ts';

/**
 * The first load's calls; an interface so screens can be tested against a fake. Reads take
 * `RequestOptions` so a superseded load can be cancelled.
 */
export type NotesApi = {
  /** `POST /notes/fetch`. */
  fetchNotes(filter: NoteFilter, options?: RequestOptions): Promise<NotesPage>;
  /** `GET /notes/recent`. */
  recentNotes(options?: RequestOptions): Promise<Note[]>;
};

/** Builds the first load's calls over an HTTP client. */
export function createNotesApi(http: Pick<HttpClient, 'get' | 'post'>): NotesApi {
  return {
    fetchNotes: (filter, options) => http.post('/notes/fetch', filter, parseNotesPage, options),
    recentNotes: (options) => http.get('/notes/recent', parseNoteList, options),
  };
}
