import { anchorMessage } from '../../../format/note-format.ts';
import type { MessageValues } from '../../../i18n/i18n-model.ts';
import type { Note } from '../../../protocol/api-types.ts';
import type { ModuleGroup } from './group-notes.ts';

/** What a course export is built from; the HTML converter and the words are injected. */
export type CourseExportInput = {
  title: string;
  groups: readonly ModuleGroup[];
  /**
   * A note's stored (untrusted) HTML cleaned with the app's one sanitiser configuration, the same
   * that guards rendering: the export must never see more of a note than a card shows.
   */
  sanitize: (html: string) => string;
  /** Sanitised HTML as safe Markdown; turndown in the app, anything in tests. */
  toMarkdown: (html: string) => string;
  t: (key: string, values?: MessageValues) => string;
  locale: string;
  /** For tests; the learner's own time zone otherwise. */
  timeZone?: string;
};

/** Characters with a meaning in Markdown text, escaped in titles so a title stays a title. */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>#~]/g;

/** A title as one line of plain Markdown text (no markup, no line breaks). */
export const markdownText = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);

/** Control, bidi-override and path characters, and the ones some systems forbid in file names. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]+/g;

/**
 * `<course title>.md` (or another `extension`) as a safe file name: no path separators or control
 * characters (a title can't choose a folder or disguise its extension), no leading dots, at most
 * 100 characters.
 */
export function exportFileName(title: string, fallback = 'Course notes', extension = 'md'): string {
  const clean = (s: string) =>
    s
      .replace(UNSAFE_IN_NAME, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, '');
  const name = [...clean(title)].slice(0, 100).join('').trim();
  return `${name || clean(fallback) || 'notes'}.${extension}`;
}

/** "at 03:12 · 22 November 2026": where and when the note was written, in the learner's words. */
function noteLine(note: Note, input: CourseExportInput, dates: Intl.DateTimeFormat): string {
  const anchor = anchorMessage(note.anchor);
  const time = Date.parse(note.updatedOn);
  const parts = [
    anchor ? input.t(anchor.key, anchor.values) : '',
    Number.isNaN(time) ? '' : dates.format(time),
  ].filter(Boolean);
  return parts.length ? `_${markdownText(parts.join(' · '))}_` : '';
}

/** "Tags: exam, tips": the note's tags as plain text (each escaped), or '' without tags. */
function tagLine(note: Note, input: CourseExportInput): string {
  return note.tags.length ? input.t('Tags: {tags}', { tags: note.tags.map(markdownText).join(', ') }) : '';
}

/**
 * A course's notes as one Markdown document: `#` course, `##` module (notes with no module under
 * "Course notes"), `###` resource, then each note converted from its HTML, followed by its anchor
 * and date, and its tags. Each note's HTML is sanitised first, then converted. Headings inside notes are expected
 * from `toMarkdown` below `###` so the outline holds.
 */
export function courseMarkdown(input: CourseExportInput): string {
  const { t } = input;
  const dates = new Intl.DateTimeFormat(input.locale, {
    dateStyle: 'long',
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  });
  const blocks: string[] = [`# ${markdownText(input.title || t('Course'))}`];
  for (const group of input.groups) {
    blocks.push(
      `## ${markdownText(group.moduleId === null ? t('Course notes') : group.title || t('Untitled'))}`,
    );
    for (const resource of group.resources) {
      blocks.push(`### ${markdownText(resource.title || t('Untitled'))}`);
      for (const note of resource.notes) {
        const body = input.toMarkdown(input.sanitize(note.content)).trim();
        const line = noteLine(note, input, dates);
        blocks.push([body, line, tagLine(note, input)].filter(Boolean).join('\n\n'));
      }
    }
  }
  return `${blocks.filter(Boolean).join('\n\n')}\n`;
}
