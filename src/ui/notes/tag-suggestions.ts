/**
 * Suggestions for the tag field (docs/search.md), from the learner's own tags only: the notes they have
 * loaded, kept or queued. Built once per list of notes, then each keystroke is a pass over the
 * learner's distinct tags (tens to hundreds), not over their notes.
 */
import type { Note } from '../../protocol/api-types.ts';
import { normaliseTag, tagKey } from '../../protocol/tag-rules.ts';

/** One distinct tag (ignoring case) of the learner's: how they spell it, how often and when last used. */
export type TagStat = { tag: string; key: string; count: number; lastUsed: string };

/** The learner's tags, most used first (then most recently used, then by key for a stable order). */
export type TagIndex = readonly TagStat[];

const rank = (a: TagStat, b: TagStat): number =>
  b.count - a.count ||
  (a.lastUsed < b.lastUsed ? 1 : a.lastUsed > b.lastUsed ? -1 : 0) ||
  (a.key < b.key ? -1 : 1);

/**
 * Counts the tags of `notes` by their key (case-folded), each spelled the way the learner used it
 * most (on a tie, most recently). A note is counted once per tag; `lastUsed` is the latest
 * `updatedOn` of a note carrying it (ISO strings compare as dates).
 */
export function buildTagIndex(notes: readonly Pick<Note, 'tags' | 'updatedOn'>[]): TagIndex {
  const byKey = new Map<string, { stat: TagStat; spellings: Map<string, { n: number; last: string }> }>();
  for (const note of notes) {
    const seen = new Set<string>();
    for (const raw of note.tags) {
      const tag = normaliseTag(raw);
      if (tag === '') continue;
      const key = tagKey(tag);
      if (seen.has(key)) continue;
      seen.add(key);
      let entry = byKey.get(key);
      if (!entry) {
        entry = { stat: { tag, key, count: 0, lastUsed: '' }, spellings: new Map() };
        byKey.set(key, entry);
      }
      entry.stat.count++;
      if (note.updatedOn > entry.stat.lastUsed) entry.stat.lastUsed = note.updatedOn;
      const s = entry.spellings.get(tag) ?? { n: 0, last: '' };
      s.n++;
      if (note.updatedOn > s.last) s.last = note.updatedOn;
      entry.spellings.set(tag, s);
    }
  }
  const stats: TagStat[] = [];
  for (const { stat, spellings } of byKey.values()) {
    let best: { tag: string; n: number; last: string } | null = null;
    for (const [tag, s] of spellings) {
      if (!best || s.n > best.n || (s.n === best.n && s.last > best.last)) best = { tag, ...s };
    }
    stats.push({ ...stat, tag: best?.tag ?? stat.tag });
  }
  return stats.sort(rank);
}

/** How many suggestions the field shows at most. */
export const SUGGESTION_LIMIT = 8;

/**
 * The tags to suggest for what is being typed: those whose key starts with it, then those that
 * contain it elsewhere, each group in the index's order (most used, then most recent); nothing
 * typed suggests the most used. Tags already on the note (`chosen`, ignoring case) are left out.
 */
export function suggestTags(
  index: TagIndex,
  typed: string,
  chosen: readonly string[],
  limit = SUGGESTION_LIMIT,
): string[] {
  const want = tagKey(typed);
  const taken = new Set(chosen.map(tagKey));
  const prefix: string[] = [];
  const inside: string[] = [];
  for (const stat of index) {
    if (prefix.length >= limit) break;
    if (taken.has(stat.key)) continue;
    if (stat.key.startsWith(want)) prefix.push(stat.tag);
    else if (inside.length < limit && stat.key.includes(want)) inside.push(stat.tag);
  }
  return [...prefix, ...inside].slice(0, limit);
}
