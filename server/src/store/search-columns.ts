/**
 * The two columns that make search and the tag filter SQL-side while matching the mock exactly
 * (docs/api.md "Search and paging"): SQLite's lower() and LIKE fold ASCII only, so the folding is
 * done here, in JS, when a note is written, and SQL only tests substrings (instr / strpos).
 */
import type { Note } from '../../../src/protocol/api-types.ts';
import { tagKey } from '../../../src/protocol/tag-rules.ts';

/** Locale-independent lower-casing for search; `toLocaleLowerCase('und')` folds any script. */
export const fold = (s: string): string => s.toLocaleLowerCase('und');

/**
 * What search looks in: text, titles and tags joined by newlines, folded as one string (so a
 * context-sensitive fold such as Greek final sigma comes out as the mock's).
 */
export const searchColumn = (note: Note): string =>
  fold([note.text, note.refTitle, note.courseTitle ?? '', note.moduleTitle ?? '', ...note.tags].join('\n'));

/** Separates tag keys; a tag key never holds a newline (tags collapse whitespace). */
const SEP = '\n';

/** The note's tag keys, each between newlines (`\nexam\ntips\n`), so one key is one instr(). */
export const tagKeysColumn = (note: Note): string =>
  note.tags.length === 0 ? SEP : `${SEP}${[...new Set(note.tags.map(tagKey))].join(SEP)}${SEP}`;

/** The substring a note's tag_keys must contain to carry filter tag `tag` (ignoring case). */
export const tagNeedle = (tag: string): string => `${SEP}${tagKey(tag)}${SEP}`;
