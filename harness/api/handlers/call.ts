/**
 * What a handler receives and may use. Handlers are plain functions from a call to a reply, so
 * they can be tested without sockets and can't write to the response themselves.
 */
import type { Caller } from '../authenticate.ts';
import { type Check, invalid, valid } from '../check.ts';
import type { NoteStore } from '../store.ts';
import type { Uploads } from '../uploads.ts';

/**
 * Shared services: the store, uploads, the clock and the note-id source; and the URL prefix the
 * upload answers (harness/api/files-url.ts; `/api/v1/files/` when absent).
 */
export type Services = {
  store: NoteStore;
  uploads: Uploads;
  now: () => Date;
  newId: () => string;
  filesUrl?: string;
};

/** A call to a public route (uploaded files): no caller. */
export type PublicCall = { params: Record<string, string> };

/**
 * A call from an authenticated learner, with the raw body already read under the route's cap and
 * the raw `Idempotency-Key` header (only `POST /notes/add` looks at it).
 */
export type Call = PublicCall & {
  caller: Caller;
  body: Buffer;
  contentType: string | undefined;
  idempotencyKey?: string | string[] | undefined;
};

/** Parses a JSON body; anything unparsable is a 400 that says so. */
export function jsonBody(call: Call): Check<unknown> {
  try {
    return valid(JSON.parse(call.body.toString('utf8')));
  } catch {
    return invalid('request body is not valid JSON');
  }
}
