/**
 * Turns validated input into stored notes: assigns identity and times on add, merges and bumps
 * the version on update, and fills blanks (domain, display name, text) from the request. A new
 * note has no review card; an update keeps the card it had (only a rating moves it).
 */
import type { NewNote, Note } from '../../../src/protocol/api-types.ts';
import { plainText } from './plain-text.ts';

/** What the request supplies when the body leaves a field blank. */
export type NoteDefaults = { domain: string; displayName: string };

const filled = (fields: NewNote, defaults: NoteDefaults): NewNote => ({
  ...fields,
  domain: fields.domain.trim() === '' ? defaults.domain : fields.domain,
  displayName: fields.displayName.trim() === '' ? defaults.displayName : fields.displayName,
  text: fields.text === '' ? plainText(fields.content) : fields.text,
});

/** A brand-new note at version 1, created and updated `at` the given instant. */
export function createNote(fields: NewNote, noteId: string, at: Date, defaults: NoteDefaults): Note {
  const stamp = at.toISOString();
  const { inReview = false, ...rest } = filled(fields, defaults);
  return { noteId, ...rest, createdOn: stamp, updatedOn: stamp, version: 1, inReview, review: null };
}

/**
 * The note after an update: changed fields merged, version + 1, updatedOn = `at`. When the
 * content changes without a new `text`, the text is derived again so search stays truthful.
 */
export function applyUpdate(
  current: Note,
  changes: Partial<NewNote>,
  at: Date,
  defaults: NoteDefaults,
): Note {
  const { review = null, ...fields } = current;
  const base: NewNote = { ...fields, ...changes };
  if (changes.content !== undefined && changes.text === undefined) base.text = '';
  const { inReview = false, ...rest } = filled(base, defaults);
  return {
    noteId: current.noteId,
    ...rest,
    createdOn: current.createdOn,
    updatedOn: at.toISOString(),
    version: current.version + 1,
    inReview,
    review,
  };
}
