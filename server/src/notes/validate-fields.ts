/**
 * Field parsers shared by the note and filter validators. Each takes the raw JSON value and the
 * field's name, so every refusal says exactly which field was wrong and why.
 */
import type { NoteAnchor } from '../../../src/protocol/api-types.ts';
import { checkTagList } from '../../../src/protocol/tag-rules.ts';
import { type Check, invalid, isRecord, valid } from '../http/check.ts';
import { MAX_CONTENT_BYTES, MAX_ID_CHARS, MAX_TAG_CHARS, MAX_TAGS, MAX_TITLE_CHARS } from './limits.ts';

/** A required id: a non-empty string of bounded length. */
export function requiredId(v: unknown, field: string): Check<string> {
  if (typeof v !== 'string' || v.trim() === '') return invalid(`${field} must be a non-empty string`);
  if (v.length > MAX_ID_CHARS) return invalid(`${field} must be at most ${MAX_ID_CHARS} characters`);
  return valid(v);
}

/** An optional id: missing, null or '' mean "none" (null). */
export function optionalId(v: unknown, field: string): Check<string | null> {
  if (v === undefined || v === null || v === '') return valid(null);
  if (typeof v !== 'string') return invalid(`${field} must be a string or null`);
  return requiredId(v, field);
}

/** A title-like string; missing means ''. */
export function text(v: unknown, field: string, max = MAX_TITLE_CHARS): Check<string> {
  if (v === undefined) return valid('');
  if (typeof v !== 'string') return invalid(`${field} must be a string`);
  if (v.length > max) return invalid(`${field} must be at most ${max} characters`);
  return valid(v);
}

/** A nullable title; missing means null. */
export function optionalText(v: unknown, field: string): Check<string | null> {
  if (v === undefined || v === null) return valid(null);
  return text(v, field);
}

/** HTML or plain text bounded in UTF-8 bytes; too long is a 413, not a 400. */
export function boundedBody(v: unknown, field: string, required: boolean): Check<string> {
  if (v === undefined && !required) return valid('');
  if (typeof v !== 'string') return invalid(`${field} must be a string`);
  if (required && v.trim() === '') return invalid(`${field} must be a non-empty string`);
  if (Buffer.byteLength(v, 'utf8') > MAX_CONTENT_BYTES) {
    return invalid(`${field} must be at most ${MAX_CONTENT_BYTES} bytes (UTF-8)`, 413);
  }
  return valid(v);
}

const ANCHOR_ERROR = "anchor must be null, { kind: 'time', seconds } or { kind: 'page', page }";

/** A time anchor (seconds ≥ 0) or a page anchor (integer page ≥ 1), or null. */
export function anchor(v: unknown): Check<NoteAnchor> {
  if (v === undefined || v === null) return valid(null);
  if (!isRecord(v)) return invalid(ANCHOR_ERROR);
  if (v.kind === 'time') {
    const s = v.seconds;
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) {
      return invalid('anchor.seconds must be a number ≥ 0');
    }
    return valid({ kind: 'time', seconds: s });
  }
  if (v.kind === 'page') {
    const p = v.page;
    if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 1) {
      return invalid('anchor.page must be an integer ≥ 1');
    }
    return valid({ kind: 'page', page: p });
  }
  return invalid(ANCHOR_ERROR);
}

/**
 * Tags checked by the app's own rules (src/protocol/tag-rules.ts): an array of strings, each
 * normalised (trimmed, inner whitespace one space, NFC), non-empty, at most 40 characters, at
 * most 10 of them. A note's tags (`duplicates: 'refuse'`) must be unique ignoring case; a filter's
 * (`'merge'`) repeats are dropped. Missing or null means []. Every refusal names the field.
 */
export function tags(v: unknown, field = 'tags', duplicates: 'refuse' | 'merge' = 'refuse'): Check<string[]> {
  if (v === undefined || v === null) return valid([]);
  if (!Array.isArray(v)) return invalid(`${field} must be an array of strings`);
  const checked = checkTagList(v, duplicates);
  if (checked.ok) return valid(checked.tags);
  if (checked.problem === 'too-many') return invalid(`${field} must have at most ${MAX_TAGS} items`);
  const where = `${field}[${checked.index}]`;
  if (checked.problem === 'duplicate') {
    return invalid(`${where} repeats ${field}[${checked.duplicateOf}] (tags are unique ignoring case)`);
  }
  if (checked.problem === 'too-long') return invalid(`${where} must be at most ${MAX_TAG_CHARS} characters`);
  return invalid(`${where} must be a non-empty string`);
}

/** An ISO 8601 date-time with seconds optional and a zone (Z or ±hh:mm), as `toISOString` writes. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant given as ISO 8601 text (`2026-11-28T09:30:00.000Z`, or with an offset), turned into a
 * Date; stored and compared as `toISOString` text. Dates without a zone are refused: their
 * meaning would depend on the server's.
 */
export function instant(v: unknown, field: string): Check<Date> {
  if (typeof v !== 'string' || !ISO_INSTANT.test(v)) {
    return invalid(`${field} must be an ISO 8601 date-time with a zone, e.g. 2026-11-28T09:30:00.000Z`);
  }
  const at = new Date(v);
  if (Number.isNaN(at.getTime())) return invalid(`${field} is not a real date`);
  return valid(at);
}
