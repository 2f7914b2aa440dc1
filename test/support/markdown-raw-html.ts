import { Parser } from 'commonmark';

/**
 * The raw HTML a CommonMark renderer would pass through from `markdown` (its `html_inline` and
 * `html_block` nodes), and every link and image destination, so a test can say that an exported
 * `.md` renders no markup of its own in any viewer and links only where it meant to.
 */
export function readMarkdown(markdown: string): { rawHtml: string[]; destinations: string[] } {
  const walker = new Parser().parse(markdown).walker();
  const rawHtml: string[] = [];
  const destinations: string[] = [];
  for (let step = walker.next(); step; step = walker.next()) {
    const { node, entering } = step;
    if (!entering) continue;
    if (node.type === 'html_inline' || node.type === 'html_block') rawHtml.push(node.literal ?? '');
    if ((node.type === 'link' || node.type === 'image') && node.destination !== null)
      destinations.push(node.destination);
  }
  return { rawHtml, destinations };
}
