/**
 * The one place note bodies (`/notes/add`, `/notes/update`, `/notes/delete`) are validated. Add
 * and update share the same per-field rules, so an update can never store what an add refuses.
 * Fields the server owns (noteId on add, createdOn, updatedOn, version on add, `review`) are not
 * read: a client that sends them back changes nothing (the card moves only by POST /notes/review).
 */
import type { NewNote } from '../../../src/protocol/api-types.ts';
import { type Check, invalid, isRecord, valid } from '../http/check.ts';
import { anchor, boundedBody, optionalId, optionalText, requiredId, tags, text } from './validate-fields.ts';

/** What a field parser gives: the field's value (the checkbox's, missing or not, is a boolean). */
type Parsed = Required<NewNote>;
type FieldParsers = { [K in keyof Parsed]: (v: unknown) => Check<Parsed[K]> };

/** The "Review this note" checkbox: a boolean; missing means false (an update reads only fields it has). */
const inReview = (v: unknown): Check<boolean> => {
  if (v === undefined) return valid(false);
  if (typeof v !== 'boolean') return invalid('inReview must be true or false');
  return valid(v);
};

const FIELDS: FieldParsers = {
  refId: (v) => requiredId(v, 'refId'),
  moduleId: (v) => optionalId(v, 'moduleId'),
  courseId: (v) => optionalId(v, 'courseId'),
  refTitle: (v) => text(v, 'refTitle'),
  moduleTitle: (v) => optionalText(v, 'moduleTitle'),
  courseTitle: (v) => optionalText(v, 'courseTitle'),
  domain: (v) => text(v, 'domain'),
  appRef: (v) => optionalId(v, 'appRef'),
  displayName: (v) => text(v, 'displayName'),
  content: (v) => boundedBody(v, 'content', true),
  text: (v) => boundedBody(v, 'text', false),
  anchor,
  tags: (v) => tags(v),
  inReview,
};

const FIELD_NAMES = Object.keys(FIELDS) as (keyof Parsed)[];

/** A validated update: which note, the version it was based on, and only the fields it sets. */
export type ParsedUpdate = { noteId: string; version: number; changes: Partial<NewNote> };

/** A validated delete; `version`, when given, must match like an update's. */
export type ParsedDelete = { noteId: string; version: number | null };

function parseField<K extends keyof Parsed>(body: Record<string, unknown>, key: K, out: Partial<Parsed>) {
  const parsed = FIELDS[key](body[key]);
  if (parsed.ok) out[key] = parsed.value;
  return parsed;
}

function parseFields(body: Record<string, unknown>, keys: (keyof Parsed)[]): Check<Partial<Parsed>> {
  const out: Partial<Parsed> = {};
  for (const key of keys) {
    const parsed = parseField(body, key, out);
    if (!parsed.ok) return parsed;
  }
  return valid(out);
}

/**
 * Validates an add body. Missing optional fields get their empty value; `domain`, `displayName`
 * and `text` may come back '' and are filled by the note factory from the request context.
 */
export function parseNewNote(body: unknown): Check<NewNote> {
  if (!isRecord(body)) return invalid('body must be a JSON object');
  const parsed = parseFields(body, FIELD_NAMES);
  if (!parsed.ok) return parsed;
  const p = parsed.value;
  return valid({
    refId: p.refId ?? '',
    moduleId: p.moduleId ?? null,
    courseId: p.courseId ?? null,
    refTitle: p.refTitle ?? '',
    moduleTitle: p.moduleTitle ?? null,
    courseTitle: p.courseTitle ?? null,
    domain: p.domain ?? '',
    appRef: p.appRef ?? null,
    displayName: p.displayName ?? '',
    content: p.content ?? '',
    text: p.text ?? '',
    anchor: p.anchor ?? null,
    tags: p.tags ?? [],
    inReview: p.inReview ?? false,
  });
}

const version = (v: unknown, required: boolean): Check<number | null> => {
  if (v === undefined && !required) return valid(null);
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    return invalid('version must be an integer ≥ 1');
  return valid(v);
};

/** Validates an update body: `noteId`, `version`, and any subset of the note's fields. */
export function parseNoteUpdate(body: unknown): Check<ParsedUpdate> {
  if (!isRecord(body)) return invalid('body must be a JSON object');
  const noteId = requiredId(body.noteId, 'noteId');
  if (!noteId.ok) return noteId;
  const ver = version(body.version, true);
  if (!ver.ok) return ver;
  const present = FIELD_NAMES.filter((key) => body[key] !== undefined);
  const changes = parseFields(body, present);
  if (!changes.ok) return changes;
  return valid({ noteId: noteId.value, version: ver.value ?? 0, changes: changes.value });
}

/** Validates a delete body: `{ noteId, version? }`. */
export function parseNoteDelete(body: unknown): Check<ParsedDelete> {
  if (!isRecord(body)) return invalid('body must be a JSON object');
  const noteId = requiredId(body.noteId, 'noteId');
  if (!noteId.ok) return noteId;
  const ver = version(body.version, false);
  if (!ver.ok) return ver;
  return valid({ noteId: noteId.value, version: ver.value });
}
