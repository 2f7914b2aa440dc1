/**
 * `POST /notes/add`, `/notes/update` and `/notes/delete`. Each answers only after the change is
 * on disk. The version check and the in-memory write happen with no await between them, so of
 * several updates based on the same version exactly one wins and the rest get 409; likewise the
 * Idempotency-Key lookup and the add it guards, so two adds with one key store one note.
 */
import { displayNameFrom } from '../authenticate.ts';
import { errorReply, type Reply } from '../http-io.ts';
import { parseIdempotencyKey } from '../idempotency.ts';
import { applyUpdate, createNote } from '../note-factory.ts';
import { parseNewNote, parseNoteDelete, parseNoteUpdate } from '../validate-note.ts';
import { type Call, jsonBody, type Services } from './call.ts';

const defaultsOf = (call: Call) => ({
  domain: call.caller.domain,
  displayName: displayNameFrom(call.caller.claims),
});

const NOT_FOUND = 'note not found';

/** Waits for durability; a failed write is a 500 (the client keeps its draft and retries). */
async function durable(write: Promise<void>, ok: Reply): Promise<Reply> {
  try {
    await write;
    return ok;
  } catch {
    return errorReply(500, 'The note could not be saved to disk');
  }
}

/**
 * Adds a note: 201 with the stored note. With an `Idempotency-Key` this learner already used (and
 * not expired): 200 with the note that first add stored, once it is on disk, and nothing new.
 */
export async function addNote(call: Call, s: Services): Promise<Reply> {
  const key = parseIdempotencyKey(call.idempotencyKey);
  if (!key.ok) return errorReply(key.status, key.error);
  const body = jsonBody(call);
  if (!body.ok) return errorReply(body.status, body.error);
  const fields = parseNewNote(body.value);
  if (!fields.ok) return errorReply(fields.status, fields.error);
  const learner = call.caller.learner;
  const first = key.value === null ? undefined : s.store.keyed(learner, key.value);
  if (first) return durable(first.stored, { status: 200, body: first.note });
  const note = createNote(fields.value, s.newId(), s.now(), defaultsOf(call));
  return durable(s.store.put(learner, note, key.value ?? undefined), { status: 201, body: note });
}

/** Updates a note: the stored note at version + 1; 409 with the current note when stale. */
export async function updateNote(call: Call, s: Services): Promise<Reply> {
  const body = jsonBody(call);
  if (!body.ok) return errorReply(body.status, body.error);
  const update = parseNoteUpdate(body.value);
  if (!update.ok) return errorReply(update.status, update.error);
  const { noteId, version, changes } = update.value;
  const current = s.store.get(call.caller.learner, noteId);
  if (!current) return errorReply(404, NOT_FOUND);
  if (current.version !== version) {
    const error = `version ${version} is stale: the note is at version ${current.version}`;
    return { status: 409, body: { error, current } };
  }
  const note = applyUpdate(current, changes, s.now(), defaultsOf(call));
  return durable(s.store.put(call.caller.learner, note), { status: 200, body: note });
}

/** Deletes a note: `{ noteId, deleted: true }`; a given `version` must be current (else 409). */
export async function deleteNote(call: Call, s: Services): Promise<Reply> {
  const body = jsonBody(call);
  if (!body.ok) return errorReply(body.status, body.error);
  const del = parseNoteDelete(body.value);
  if (!del.ok) return errorReply(del.status, del.error);
  const current = s.store.get(call.caller.learner, del.value.noteId);
  if (!current) return errorReply(404, NOT_FOUND);
  if (del.value.version !== null && del.value.version !== current.version) {
    const error = `version ${del.value.version} is stale: the note is at version ${current.version}`;
    return { status: 409, body: { error, current } };
  }
  return durable(s.store.remove(call.caller.learner, current.noteId), {
    status: 200,
    body: { noteId: current.noteId, deleted: true },
  });
}
