/**
 * Plain text of note HTML, for notes that arrive without `text` and for seed data. The server
 * only needs something good enough to search and preview; the app sends its own `text` normally.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntity = (whole: string, name: string): string => {
  if (name.startsWith('#x') || name.startsWith('#X'))
    return codePoint(Number.parseInt(name.slice(2), 16), whole);
  if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10), whole);
  return Object.hasOwn(ENTITIES, name) ? (ENTITIES[name] ?? whole) : whole;
};

const codePoint = (n: number, fallback: string): string =>
  Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;

/** Source whitespace collapses (as HTML renders it), block ends become line breaks, other tags vanish, entities decode, blank lines drop. */
export function plainText(html: string): string {
  return html
    .replace(/\s+/g, ' ')
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div|\/blockquote|\/pre)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
