/** Schemes a link in an exported note may keep; images only ever load over http(s). */
const LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:'];
const IMAGE_SCHEMES: readonly string[] = ['http:', 'https:'];

/**
 * A link or image address from a note's untrusted HTML as it may appear in Markdown, or `null`
 * to drop it: only absolute http(s) (and mailto for links) survive, so `javascript:` and `data:`
 * can't reach a reader's Markdown viewer (URL parsing sees through case, tabs and entities the
 * DOM already decoded). Relative links mean nothing outside the app and are dropped too.
 * Parentheses are percent-encoded so the address can't end the Markdown link early.
 */
export function safeUrl(raw: string | null, kind: 'link' | 'image' = 'link'): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (!(kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES).includes(url.protocol)) return null;
  return url.href.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}
