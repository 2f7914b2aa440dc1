/** Schemes a link in an exported note may keep; images only ever load over http(s). */
const LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:'];
const IMAGE_SCHEMES: readonly string[] = ['http:', 'https:'];

/** What may not stand as itself in a Markdown link destination (all ASCII: the URL encoded the rest). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is encoded.
const MARKDOWN_UNSAFE = /[\u0000-\u0020\u007f<>()\\]/g;

/**
 * A link or image address from a note's untrusted HTML as it may appear in Markdown, or `null`
 * to drop it: only absolute http(s) (and mailto for links) survive, so `javascript:` and `data:`
 * can't reach a reader's Markdown viewer (URL parsing sees through case, tabs and entities the
 * DOM already decoded). Relative links mean nothing outside the app and are dropped too.
 * Spaces (and other whitespace or control characters), `<`, `>`, parentheses and backslashes are
 * percent-encoded: a `mailto:` keeps them as typed, and in a Markdown link destination they would
 * end the link early and turn the rest (an `<img onerror>`, say) into live HTML.
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
  return url.href.replace(
    MARKDOWN_UNSAFE,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
