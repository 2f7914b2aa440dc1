/**
 * Notes in review as a text file Anki (2.1.55 or later) imports without questions: one line per
 * note, tab-separated, with the file headers that say how (docs/search.md#export-for-anki). A note
 * that hides words becomes a Cloze note, each hidden span one deletion (`{{c1::…}}`, `{{c2::…}}`:
 * one card each); any other note a Basic note, its place and first line on the front and the whole
 * note on the back. Each line carries a GUID made from the note's id, so importing a newer file
 * updates the notes it imported before instead of adding them again. A lazy chunk: only the
 * "Export for Anki" buttons import it.
 */
import type { MessageValues } from '../i18n/i18n-model.ts';
import type { Note } from '../protocol/api-types.ts';
import { CLOZE_CLASS, isInReview } from '../protocol/review-rules.ts';
import { anchorMessage } from './note-format.ts';
import { escapeHtml } from './plain-html.ts';

/** What an Anki export is built from; the sanitiser, the document and the words are injected. */
export type AnkiExportInput = {
  /** Any notes: those not in review are left out. */
  notes: readonly Note[];
  /** A note's stored (untrusted) HTML cleaned with the app's one sanitiser configuration. */
  sanitize: (html: string) => string;
  /**
   * A document to rearrange sanitised HTML in, never shown: `document.implementation
   * .createHTMLDocument('')` in the app (inert: nothing in it loads or runs), linkedom in tests.
   */
  doc: Pick<Document, 'createElement'>;
  t: (key: string, values?: MessageValues) => string;
  /** The deck the notes go to (Anki makes it when missing); none: the deck chosen when importing. */
  deck?: string;
};

/** The built file: its text, and how many notes it holds (0: nothing to export). */
export type AnkiExport = { text: string; count: number };

/** Anki's stock note types, by their English names (docs/search.md#export-for-anki says more). */
export const ANKI_BASIC = 'Basic';
export const ANKI_CLOZE = 'Cloze';

// Stand-ins for a deletion's start, its number's end and its end while the HTML is serialised:
// private-use characters, taken out of the note first so a note can't forge one.
const OPEN = '\uE010';
const NUMBERED = '\uE011';
const CLOSE = '\uE012';
const STAND_INS = /[\uE010-\uE012]/g;
const DELETION = /\uE010(\d+)\uE011([^\uE012]*)\uE012/g;

/**
 * Braces as character references: Anki reads `{{c1::…}}` in a field's HTML as a deletion, so a
 * brace the learner wrote (or one in a link's address) must not make one. Rendered the same.
 */
const quoteBraces = (html: string): string => html.replace(/[{}]/g, (c) => (c === '{' ? '&#123;' : '&#125;'));

/**
 * A note's sanitised HTML with each outermost `span.cloze` that holds some text as an Anki deletion
 * (`{{c1::…}}` in order), and how many there are. `::` inside one is written `:&#58;` (Anki would
 * read what follows as a hint).
 */
export function clozeFields(html: string, doc: AnkiExportInput['doc']): { html: string; count: number } {
  const box = doc.createElement('div');
  box.innerHTML = html.replace(STAND_INS, '');
  const spans = [...box.querySelectorAll(`span.${CLOZE_CLASS}`)].filter(
    (span) => !span.parentElement?.closest(`span.${CLOZE_CLASS}`) && span.textContent?.trim(),
  );
  spans.forEach((span, i) => {
    span.replaceWith(`${OPEN}${i + 1}${NUMBERED}`, ...span.childNodes, CLOSE);
  });
  const out = quoteBraces(box.innerHTML).replace(
    DELETION,
    (_all, n: string, inner: string) => `{{c${n}::${inner.replace(/::/g, ':&#58;')}}}`,
  );
  return { html: out, count: spans.length };
}

/**
 * One field as the file holds it: as it is, or in double quotes (a quote doubled) when it holds a
 * tab, a line break or a quote — Anki reads the file as CSV with tabs.
 */
export const ankiField = (value: string): string =>
  /[\t\n\r"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** A tag as Anki keeps it: no spaces (they separate tags), no `"`. */
const ankiTag = (tag: string): string => tag.trim().replace(/\s+/g, '_').replace(/"/g, '');

/** A header value on one line: no control characters, no subdeck separator. */
const headerValue = (value: string): string =>
  value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/::/g, ':')
    .replace(/\s+/g, ' ')
    .trim();

/** "Course › Module › Resource · At 03:12": where the note was taken, as escaped HTML. */
function placeOf(note: Note, t: AnkiExportInput['t']): string {
  const source = [note.courseTitle, note.moduleTitle, note.refTitle || t('Untitled')]
    .filter(Boolean)
    .join(' › ');
  const anchor = anchorMessage(note.anchor);
  return escapeHtml([source, anchor ? t(anchor.key, anchor.values) : ''].filter(Boolean).join(' · '));
}

/** The note's first line of text (its first non-blank one). */
const firstLine = (text: string): string =>
  text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .find(Boolean) ?? '';

/**
 * The notes in review among `input.notes` as an Anki import file (see the module comment). Columns:
 * note type, the two fields (Basic: Front, Back; Cloze: Text, Back Extra — left empty), tags, GUID.
 */
export function ankiExport(input: AnkiExportInput): AnkiExport {
  const { t } = input;
  const lines: string[] = [];
  for (const note of input.notes) {
    if (!isInReview(note)) continue;
    const html = input.sanitize(note.content);
    const place = `<div>${placeOf(note, t)}</div>`;
    const cloze = clozeFields(html, input.doc);
    const tags = note.tags.map(ankiTag).filter(Boolean).join(' ');
    const row =
      cloze.count > 0
        ? [ANKI_CLOZE, `${place}${cloze.html}`, '', tags, `notes-${note.noteId}-c`]
        : [
            ANKI_BASIC,
            `${place}<div>${quoteBraces(escapeHtml(firstLine(note.text)))}</div>`,
            quoteBraces(html),
            tags,
            `notes-${note.noteId}-b`,
          ];
    lines.push(row.map(ankiField).join('\t'));
  }
  const deck = input.deck === undefined ? '' : headerValue(input.deck);
  const headers = [
    '#separator:tab',
    '#html:true',
    '#notetype column:1',
    '#tags column:4',
    '#guid column:5',
    ...(deck ? [`#deck:${deck}`] : []),
    // Labels for Anki's import dialog only: rows map to each note type's fields in column order.
    `#columns:${['Note type', 'Front / Text', 'Back / Back Extra', 'Tags', 'GUID'].join('\t')}`,
  ];
  return { text: `${[...headers, ...lines].join('\n')}\n`, count: lines.length };
}
