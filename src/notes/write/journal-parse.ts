import { parseNote } from '../../api/parse-response.ts';
import { parseReviewCard } from '../../api/parse-review.ts';
import type { NewNote, Note } from '../../protocol/api-types.ts';
import { checkTagList } from '../../protocol/tag-rules.ts';
import type { Draft, OutboxItem } from './journal.ts';

/**
 * Checks for what the journal reads back from storage. Storage is written by this app, but another
 * version of it, a full disk or a hand edit may leave anything there: an entry that fails a check
 * is dropped on its own, never the whole journal.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;
const str = (v: unknown): v is string => typeof v === 'string';
const int = (v: unknown): v is number => Number.isInteger(v);

/**
 * A draft as stored: HTML content and its text, and the tags when they pass the tag rules
 * (`checkTagList`, normalised). Tags that fail them (another version's limits, a hand edit) are
 * left out rather than the draft dropped: the note's own tags then stand, and no text is lost.
 * `inReview` is kept when it is a boolean (else the note's own stands).
 */
export function readDraft(v: unknown): Draft | null {
  if (!isObj(v) || !str(v.content) || !str(v.text)) return null;
  const check = Array.isArray(v.tags) ? checkTagList(v.tags) : null;
  return {
    content: v.content,
    text: v.text,
    ...(check?.ok && { tags: check.tags }),
    ...(typeof v.inReview === 'boolean' && { inReview: v.inReview }),
  };
}

/** A draft: HTML content and its text (tags are checked by `readDraft`). */
export const isDraft = (v: unknown): v is Draft => readDraft(v) !== null;

/** A note as the API returns it (the API's own parser decides). */
export function isNote(v: unknown): v is Note {
  try {
    parseNote(v);
    return true;
  } catch {
    return false;
  }
}

/** A new note: a stored note's shape without the server's fields. */
const isNewNote = (v: unknown): v is NewNote =>
  isObj(v) &&
  isNote({
    ...v,
    noteId: 'x',
    createdOn: '1970-01-01T00:00:00.000Z',
    updatedOn: '1970-01-01T00:00:00.000Z',
    version: 1,
  });

/** A review card as the API's own parser checks it. */
function isCard(v: unknown): boolean {
  try {
    parseReviewCard(v);
    return true;
  } catch {
    return false;
  }
}

/** One queued write of any kind. */
export function isOutboxItem(v: unknown): v is OutboxItem {
  if (!isObj(v) || !str(v.id) || !v.id) return false;
  if (v.kind === 'add') return str(v.tempId) && isNewNote(v.note);
  if (v.kind === 'update') return str(v.noteId) && int(v.version) && isDraft(v.changes) && isNote(v.base);
  if (v.kind === 'delete') return str(v.noteId) && int(v.version) && typeof v.after === 'number';
  if (v.kind === 'review')
    return (
      str(v.noteId) && [1, 2, 3, 4].includes(v.rating as number) && str(v.reviewedOn) && isCard(v.predicted)
    );
  return false;
}

/** One queued write as stored, its edit's tags checked as a draft's are (`readDraft`); null when malformed. */
export function readOutboxItem(v: unknown): OutboxItem | null {
  if (!isOutboxItem(v)) return null;
  if (v.kind === 'review') {
    const { id, noteId, rating, reviewedOn } = v;
    return { id, kind: 'review', noteId, rating, reviewedOn, predicted: parseReviewCard(v.predicted) };
  }
  if (v.kind !== 'update') return v;
  const changes = readDraft(v.changes);
  return changes && { ...v, changes };
}
