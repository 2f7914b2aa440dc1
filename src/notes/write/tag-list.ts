/**
 * Editing a note's tags (docs/search.md): the chips field adds and removes through these, so the limits
 * the mock API enforces (src/protocol/tag-rules.ts) are met before anything is saved, and the field
 * can say why a tag was not added.
 */
import { MAX_TAGS, normaliseTag, type TagProblem, tagKey, tagProblem } from '../../protocol/tag-rules.ts';

/** Adding a tag: the new list, or why not (`existing` is the tag it repeats, as spelled in the list). */
export type AddTagResult =
  | { ok: true; tags: string[]; added: string }
  | { ok: false; reason: TagProblem; existing?: string };

/**
 * Adds what the learner typed to `tags`, normalised. Refusals, in this order: `empty`; `duplicate`
 * (ignoring case: the learner sees "already there" even on a full list); `too-many` (an 11th tag);
 * `too-long` (over 40 characters). The list is never changed in place.
 */
export function addTag(tags: readonly string[], typed: string): AddTagResult {
  const tag = normaliseTag(typed);
  if (tag === '') return { ok: false, reason: 'empty' };
  const key = tagKey(tag);
  const existing = tags.find((t) => tagKey(t) === key);
  if (existing !== undefined) return { ok: false, reason: 'duplicate', existing };
  if (tags.length >= MAX_TAGS) return { ok: false, reason: 'too-many' };
  if (tagProblem(tag) === 'too-long') return { ok: false, reason: 'too-long' };
  return { ok: true, tags: [...tags, tag], added: tag };
}

/** `tags` without `tag` (matched ignoring case, like uniqueness); the same list when it is absent. */
export function removeTag(tags: readonly string[], tag: string): readonly string[] {
  const key = tagKey(tag);
  const index = tags.findIndex((t) => tagKey(t) === key);
  return index === -1 ? tags : [...tags.slice(0, index), ...tags.slice(index + 1)];
}

// Commas of several scripts (Latin, Arabic, ideographic, full-width) and line breaks end a tag.
const SEPARATORS = /[,\u060C\u3001\uFF0C\n\r]+/;

/**
 * Splits what was typed or pasted into the tag field at commas (",", Arabic "،", "、", "，") and
 * line breaks: pasting "exam, tips" adds two chips. So a tag can't be typed with a comma in it; one
 * that came from the API with a comma is still shown and kept as it is.
 */
export function splitTagInput(typed: string): string[] {
  return typed
    .split(SEPARATORS)
    .map(normaliseTag)
    .filter((t) => t !== '');
}

/**
 * What is in the tag field as it is typed: the tags a comma or line break has ended (`done`, as
 * `splitTagInput` reads them) and the text after the last one, still being typed (`rest`, as typed).
 */
export function splitTyped(value: string): { done: string[]; rest: string } {
  const parts = value.split(SEPARATORS);
  if (parts.length === 1) return { done: [], rest: value };
  return { done: splitTagInput(parts.slice(0, -1).join(',')), rest: (parts.at(-1) ?? '').trimStart() };
}

/**
 * True when two tag lists are the same as stored: same order, same spelling (after normalising).
 * Order counts because the server keeps it and cards show it; case counts because correcting
 * "exam" to "Exam" is an edit. The outbox uses it so a retried edit counts as stored only when
 * the server's tags match too, and the editor so a tags-only change is a real change.
 */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((tag, i) => normaliseTag(tag) === normaliseTag(b[i] ?? ''));
}

/** True when `tags` holds `tag`, ignoring case as the API's `tags` filter does. */
export function hasTag(tags: readonly string[], tag: string): boolean {
  const key = tagKey(tag);
  return tags.some((t) => tagKey(t) === key);
}

/**
 * `tags` with those of `more` it lacks (ignoring case) appended, up to the limit: a returned text
 * meeting a draft already there keeps the tags of both as far as they fit.
 */
export function mergeTags(tags: readonly string[], more: readonly string[]): string[] {
  let out = [...tags];
  for (const tag of more) {
    const next = addTag(out, tag);
    if (next.ok) out = next.tags;
  }
  return out;
}
