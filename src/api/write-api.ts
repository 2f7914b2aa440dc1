/**
 * The write calls (docs/api.md), built in the write side's chunk over the HTTP client the
 * composition root passes in, so they stay out of the first load. Each answer is validated
 * (parse-response.ts for a note, parse-write.ts for the rest).
 */
import type { DeleteResult, NewNote, Note, NoteUpdate, UploadResult } from '../protocol/api-types.ts';
import type { HttpClient, RequestOptions } from './http-client.ts';
import { parseNote } from './parse-response.ts';
import { parseDeleteResult, parseUploadResult } from './parse-write.ts';
import { type UploadOptions, upload, type XhrFactory } from './upload.ts';

/**
 * The calls the write side makes; an interface so it can be tested against a fake. Deletes take
 * `RequestOptions` so one can outlive the page (`keepalive`).
 */
export type WriteApi = {
  /**
   * `POST /notes/add` (answers 201). With `options.idempotencyKey` the request carries it as
   * `Idempotency-Key`: a retry with the same key answers 200 with the note the first call stored.
   */
  addNote(note: NewNote, options?: RequestOptions): Promise<Note>;
  /** `POST /notes/update`; a stale version rejects with ApiError status 409 and `body.current`. */
  updateNote(update: NoteUpdate, options?: RequestOptions): Promise<Note>;
  /** `POST /notes/delete`, with the version the learner saw when given (a stale one → 409). */
  deleteNote(noteId: string, version?: number, options?: RequestOptions): Promise<DeleteResult>;
  /**
   * `POST /file/upload`: an image for a note; only the returned URL gets embedded.
   * `options.onProgress` follows the bytes sent (when the calls have an XHR factory).
   */
  uploadFile(file: Blob, name?: string, options?: UploadOptions): Promise<UploadResult>;
};

/** Builds the write calls over an HTTP client; uploads go through `xhr`'s requests when given (upload.ts). */
export function createWriteApi(http: HttpClient, xhr?: XhrFactory): WriteApi {
  return {
    addNote: (note, options) => http.post('/notes/add', note, parseNote, options),
    updateNote: (update, options) => http.post('/notes/update', update, parseNote, options),
    deleteNote: (noteId, version, options) =>
      http.post(
        '/notes/delete',
        version === undefined ? { noteId } : { noteId, version },
        parseDeleteResult,
        options,
      ),
    uploadFile: (file, name, options) => {
      const form = new FormData();
      if (name === undefined) form.append('file', file);
      else form.append('file', file, name);
      return upload(http, xhr, '/file/upload', form, parseUploadResult, options);
    },
  };
}
