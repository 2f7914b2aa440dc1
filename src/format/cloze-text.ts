/**
 * Words hidden in review written as `{{hidden words}}` in plain text: how the plain text box the
 * editor falls back to shows and takes them (and the notation the Markdown export writes), so a
 * note keeps its hidden words through the fallback (docs/search.md#hidden-words).
 */
import { CLOZE_CLASS } from '../protocol/review-rules.ts';
import { escapeHtml } from './plain-html.ts';

/** `{{…}}` on one line, something inside; what is only spaces stays as typed. */
const BRACES = /\{\{([^{}\n]+?)\}\}/g;

const isSpace = (c: string) => c === ' ' || c === '\u00a0';
const same = (a: string | undefined, b: string) => a === b || (a !== undefined && isSpace(a) && isSpace(b));

/**
 * The note's plain `text` (the editor's, one line per paragraph) with the words its `html` hides
 * between `{{` and `}}`. The HTML's text is lined up with `text` character by character (line
 * breaks may differ); if they don't line up, `text` comes back as it is. `doc` parses the HTML and
 * must be inert (`createHTMLDocument('')`): nothing in it loads or runs.
 */
export function textWithCloze(html: string, text: string, doc: Pick<Document, 'createElement'>): string {
  const box = doc.createElement('div');
  box.innerHTML = html;
  const runs: { data: string; hidden: boolean }[] = [];
  const visit = (node: Node, hidden: boolean) => {
    if (node.nodeType === 3) runs.push({ data: node.nodeValue ?? '', hidden });
    for (const child of node.childNodes) {
      const el = child.nodeType === 1 ? (child as Element) : null;
      visit(child, hidden || (el?.localName === 'span' && el.classList.contains(CLOZE_CLASS)));
    }
  };
  visit(box, false);
  let out = '';
  let at = 0;
  let open = false;
  const close = () => {
    if (open) out += '}}';
    open = false;
  };
  for (const run of runs) {
    for (const c of run.data) {
      while (at < text.length && !same(text[at], c) && text[at] === '\n') {
        close(); // braces never span lines
        out += '\n';
        at += 1;
      }
      if (same(text[at], c)) {
        if (run.hidden && !open && !isSpace(c)) {
          out += '{{';
          open = true;
        } else if (!run.hidden) close();
        out += text[at];
        at += 1;
      } else if (c !== '\n') {
        return text; // not the same text: nothing is added
      }
    }
  }
  close();
  return out + text.slice(at);
}

/** `text` with `{{…}}` unwrapped to the words: the note's plain text. */
export const clozeTextPlain = (text: string): string =>
  text.replace(BRACES, (all, inner: string) => (inner.trim() ? inner : all));

/** One line as HTML, each `{{…}}` a `span.cloze`, the rest escaped. */
function lineHtml(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(BRACES)) {
    const inner = m[1] ?? '';
    out += escapeHtml(line.slice(last, m.index));
    out += inner.trim() ? `<span class="${CLOZE_CLASS}">${escapeHtml(inner)}</span>` : escapeHtml(m[0]);
    last = m.index + m[0].length;
  }
  return out + escapeHtml(line.slice(last));
}

/**
 * The HTML a plain-text note is stored as (one paragraph per line, as `plainTextToHtml`), with each
 * `{{…}}` as words hidden in review.
 */
export function clozeTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? `<p>${lineHtml(line)}</p>` : '<p><br></p>'))
    .join('');
}
