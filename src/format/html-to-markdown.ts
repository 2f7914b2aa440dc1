import TurndownService from 'turndown';
import { CLOZE_CLASS } from '../protocol/review-rules.ts';
import { safeUrl } from './safe-url.ts';

/** Elements whose content is never note text: dropped whole (turndown would keep their text). */
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** A code-fence language that can't break the fence line (no backtick, space or markup). */
const FENCE_LANGUAGE = /^[\w+-]+$/;

/**
 * A fenced code block for `code`: the fence is one backtick longer than any backtick run that
 * could close it (a line starting with up to 3 spaces and 3+ backticks), and the language from a
 * `language-…` class is kept only when it is a plain word: a backtick there would make the
 * opening line no fence at all, and the code (never escaped) live Markdown and HTML.
 */
function fencedCode(code: string, className: string): string {
  const language = /(?:^|\s)language-(\S+)/.exec(className)?.[1] ?? '';
  let longest = 2;
  for (const [, run = ''] of code.matchAll(/^ {0,3}(`{3,})/gm)) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const info = FENCE_LANGUAGE.test(language) ? language : '';
  return `\n\n${fence}${info}\n${code.replace(/\n$/, '')}\n${fence}\n\n`;
}

/**
 * A converter from a note's stored HTML to Markdown, built on turndown (a lazy chunk: only the
 * course export imports this module, when Export is pressed). The HTML is untrusted: turndown
 * parses it into an inert document (DOMParser in the browser, domino under Node), so no script
 * runs and no image loads; scripts and other non-text elements are dropped, links and images keep
 * only http(s)/mailto addresses (encoded so they can't end the link early), code fences take a
 * language only when it is a plain word, words hidden in review become `{{…}}`, and `<` in text is escaped so no HTML or autolink reaches
 * the output. The caller sanitises first (the app's one DOMPurify configuration, see
 * `courseMarkdown`): this converter is the second line, not the only one. Headings move down `headingOffset` levels to nest under the export's own `###`.
 */
export function createHtmlToMarkdown(headingOffset = 3): (html: string) => string {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  const escapeText = service.escape.bind(service);
  service.escape = (text) => escapeText(text).replace(/</g, '\\<');
  service.remove(DROPPED);
  service.addRule('nestedHeading', {
    filter: HEADINGS,
    replacement: (content, node) => {
      const level = Math.min(6, Number(node.nodeName.charAt(1)) + headingOffset);
      return content.trim() ? `\n\n${'#'.repeat(level)} ${content.trim()}\n\n` : '';
    },
  });
  service.addRule('safeFence', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE',
    replacement: (_content, node) => {
      const code = node.firstChild as HTMLElement;
      return fencedCode(code.textContent ?? '', code.getAttribute('class') ?? '');
    },
  });
  service.addRule('safeLink', {
    filter: 'a',
    replacement: (content, node) => {
      const href = safeUrl(node.getAttribute('href'));
      return href && content.trim() ? `[${content}](${href})` : content;
    },
  });
  // Words hidden in review as `{{hidden words}}`, the notation docs/search.md#hidden-words gives them
  // (the plain text box the editor falls back to reads it back as hidden words).
  service.addRule('cloze', {
    filter: (node) =>
      node.nodeName === 'SPAN' && (node.getAttribute('class') ?? '').split(/\s+/).includes(CLOZE_CLASS),
    replacement: (content) => (content.trim() ? `{{${content}}}` : content),
  });
  service.addRule('safeImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = service.escape((node.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim());
      const src = safeUrl(node.getAttribute('src'), 'image');
      return src ? `![${alt}](${src})` : alt;
    },
  });
  return (html) => (html ? service.turndown(html) : '');
}
