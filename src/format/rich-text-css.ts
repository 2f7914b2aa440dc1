/**
 * How a sanitised note body (`.note-rich`, see NoteBody) looks: lists, quotes, code and images
 * sized for a card, a note's headings (paragraphs in a card, see NoteBody) kept modest under the card's own title. It ships in the sanitiser's
 * lazy chunk and is added to the page with it (rich bodies only show once that chunk is in), so
 * the first load carries none of it. Logical properties and theme colours only.
 */
export const RICH_TEXT_CSS = [
  '.note-rich{white-space:normal}',
  '.note-rich>*{margin-block:0 .5em}',
  '.note-rich>:last-child{margin-block-end:0}',
  '.note-rich .note-h1{font-size:1.15em;font-weight:700}',
  '.note-rich :is(.note-h2,.note-h3){font-weight:700}',
  '.note-rich :is(ul,ol){padding-inline-start:1.5em}',
  '.note-rich li[data-list=bullet]{list-style-type:disc}',
  '.note-rich blockquote{margin-inline:0;padding-inline-start:.75em;border-inline-start:3px solid var(--border)}',
  '.note-rich :is(pre,.ql-code-block-container){white-space:pre-wrap;font-family:monospace;background:var(--surface-2);padding:.5em}',
  '.note-rich img{max-inline-size:100%;block-size:auto}',
  // Words hidden in review show as they are, a dotted underline (a shape, kept in forced colours) saying so.
  '.note-rich .cloze{text-decoration:underline dotted;text-underline-offset:.2em}',
].join('');
