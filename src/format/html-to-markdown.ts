import TurndownService from 'turndown';
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

/**
 * A converter from a note's stored HTML to Markdown, built on turndown (a lazy chunk: only the
 * course export imports this module, when Export is pressed). The HTML is untrusted: turndown
 * parses it into an inert document (DOMParser in the browser, domino under Node), so no script
 * runs and no image loads; scripts and other non-text elements are dropped, links and images keep
 * only http(s)/mailto addresses, and `<` in text is escaped so no HTML or autolink reaches the
 * output. Headings move down `headingOffset` levels to nest under the export's own `###`.
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
  service.addRule('safeLink', {
    filter: 'a',
    replacement: (content, node) => {
      const href = safeUrl(node.getAttribute('href'));
      return href && content.trim() ? `[${content}](${href})` : content;
    },
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
