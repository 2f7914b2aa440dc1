import type { Config, DOMPurify } from 'dompurify';
import { CLOZE_CLASS } from '../protocol/review-rules.ts';

/**
 * What the sanitised HTML is for. `'store'` (the default): what is sent and what the editor opens,
 * headings kept. `'card'`: shown inside a note card, whose own headings would break the page's
 * heading outline, so `h1`–`h3` become `p.note-h1`…`p.note-h3`. The renaming happens on the DOM
 * before serialising: no HTML string is ever rewritten after sanitising (a browser that leaves `<`
 * unescaped inside an attribute would let a string rewrite close it early).
 */
export type SanitizeShape = 'store' | 'card';

/** Turns untrusted note HTML into HTML that is safe to store (default) or to show in a card. */
export type Sanitize = {
  (html: string, shape?: SanitizeShape): string;
  /**
   * The http(s) images in `html` that sanitising would drop (their resolved addresses, in order):
   * what the editor asks before a save, so the learner hears of it before it happens.
   */
  droppedImages(html: string): string[];
  /**
   * Keeps images at `url` (resolved against the base) from now on, whatever their origin: the
   * upload just returned it. Lives as long as this sanitiser, i.e. the page: "this session's uploads".
   */
  keepUpload(url: string): void;
};

/** What the sanitiser needs to know about the page it serves. */
export type SanitizeOptions = {
  /** Whether an image address (already resolved against `base`) may stay: its origin is allowed. */
  keepImage(url: URL): boolean;
  /** The document's base URL, to resolve relative links and images as the browser would. */
  base: string;
};

/**
 * What the editor writes (Quill 2: `getSemanticHTML()` and its internal HTML) for bold, italic,
 * underline, strike, link, lists, blockquote, code block, headings 1–3, images and hidden words
 * (`span.cloze`). `div` and the
 * `ql-` classes only carry Quill's internal code-block markup (`div.ql-code-block-container >
 * div.ql-code-block`) and list indents (`li.ql-indent-N`), so a note re-opened in the editor keeps
 * its shape. Everything else (script, style, forms, frames, SVG, MathML…) is dropped, its text kept
 * except where DOMPurify drops contents too (script, style, template…).
 */
const TAGS = 'p br strong b em i u s a ol ul li blockquote pre code h1 h2 h3 img span div'.split(' ');

/**
 * The attributes each tag may keep; all others go. `data-list` is how Quill's internal HTML tells a
 * bullet item from an ordered one; `spellcheck` is left out (Quill sets it again on its own code
 * container, and a rendered note is not editable), and so are `contenteditable`, `style` and ids.
 */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  img: ['src', 'alt'],
  li: ['data-list', 'class'],
  div: ['class'],
  span: ['class'],
};

/** The `class` values Quill needs to read its own internal HTML back. */
const QUILL_CLASS = /^ql-(?:code-block|code-block-container|indent-[1-8])$/;

/**
 * The `class` values each tag may keep: Quill's own on `li` and `div`, and on `span` exactly
 * `cloze` (words hidden in review, src/protocol/review-rules.ts) — the one class a note's own
 * markup may carry.
 */
const keepsClass = (tag: string, value: string): boolean =>
  tag === 'span' ? value === CLOZE_CLASS : QUILL_CLASS.test(value);

/** The list kinds of Quill's `li[data-list]` that the editor offers. */
const LIST_KINDS = ['bullet', 'ordered'];

/** The schemes a link may keep. */
const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];

/**
 * One configuration for every call (before a note is sent, before stored HTML is rendered). The
 * URI pattern is DOMPurify's default narrowed to http(s) and mailto (plus relative addresses): a
 * first line of defence; the hooks below decide for good. `RETURN_DOM` lets the last step unwrap
 * refused links and drop refused images in the inert document before it is serialised.
 */
const CONFIG: Config & { RETURN_DOM: true } = {
  ALLOWED_TAGS: TAGS,
  ALLOWED_ATTR: ['href', 'src', 'alt', 'class', 'data-list'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  RETURN_DOM: true,
};

/** `raw` resolved against `base`, or null when it doesn't parse. */
function resolve(raw: string, base: string): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

/** A note's own `h1`–`h3` under `root` as `p.note-h1`…`p.note-h3`, their content moved, not copied. */
function headingsAsParagraphs(root: HTMLElement) {
  for (const heading of root.querySelectorAll('h1, h2, h3')) {
    const p = root.ownerDocument.createElement('p');
    p.className = `note-${heading.localName}`;
    p.append(...heading.childNodes);
    heading.replaceWith(p);
  }
}

/**
 * The sanitiser: DOMPurify with our allow-list plus hooks that keep a link only when it is http(s)
 * or mailto (written back resolved, with `rel="noopener noreferrer"` and `target="_blank"`; any
 * other link is unwrapped to its text), and an image only when `keepImage` accepts its address or
 * the upload returned exactly that address in this page (`keepUpload`). It
 * works on a private DOMPurify instance (`purify()` makes one over the same window), so its hooks
 * and configuration never leak into another user of the library. Sanitising its own output gives
 * the same output (for `'store'`; a card's output is only ever rendered). Throws when DOMPurify can't run here (no real DOM): without it DOMPurify would
 * return its input untouched, and failing loudly beats rendering unsanitised HTML.
 */
export function createSanitizer(purify: DOMPurify, options: SanitizeOptions): Sanitize {
  const own = purify();
  if (!own.isSupported) throw new Error('createSanitizer: DOMPurify cannot run in this environment');
  const uploads = new Set<string>();
  /** The addresses of refused http(s) images during a `droppedImages` call, else null. */
  let refused: string[] | null = null;

  own.addHook('uponSanitizeAttribute', (node, event) => {
    const name = event.attrName;
    if (!ATTRIBUTES[node.nodeName.toLowerCase()]?.includes(name)) {
      event.keepAttr = false;
    } else if (name === 'class') {
      const tag = node.nodeName.toLowerCase();
      event.attrValue = [...new Set(event.attrValue.split(/\s+/))]
        .filter((c) => keepsClass(tag, c))
        .join(' ');
      event.keepAttr = event.attrValue !== '';
    } else if (name === 'data-list') {
      event.keepAttr = LIST_KINDS.includes(event.attrValue);
    }
  });

  own.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      const url = resolve(node.getAttribute('href') ?? '', options.base);
      if (node.hasAttribute('href') && url && LINK_SCHEMES.includes(url.protocol)) {
        node.setAttribute('href', url.href);
        node.setAttribute('rel', 'noopener noreferrer');
        node.setAttribute('target', '_blank');
      } else {
        node.removeAttribute('href'); // unwrapped below
      }
    } else if (tag === 'img') {
      const src = node.getAttribute('src')?.trim() ?? ''; // '' would be the page itself
      const url = src ? resolve(src, options.base) : null;
      if (url && (uploads.has(url.href) || options.keepImage(url))) return;
      if (refused && url && /^https?:$/.test(url.protocol)) refused.push(url.href);
      node.removeAttribute('src');
    }
  });

  const sanitize = (html: string, shape: SanitizeShape = 'store') => {
    // No body at all (a `<frameset>` document): nothing to keep.
    const body = own.sanitize(html, CONFIG) as HTMLElement | null;
    if (!body) return '';
    // A refused link becomes its text, a refused image nothing. Done here, after the walk: a hook
    // that moved a node's children would make DOMPurify's iterator skip them.
    for (const a of body.querySelectorAll('a:not([href])')) a.replaceWith(...a.childNodes);
    for (const img of body.querySelectorAll('img:not([src])')) img.remove();
    // The parser drops a newline right after `<pre>` and serialising doesn't add one back, so a
    // code block's leading blank line would go one per round: lead with a newline for it to drop.
    for (const pre of body.querySelectorAll('pre')) pre.prepend('\n');
    if (shape === 'card') headingsAsParagraphs(body);
    return body.innerHTML;
  };
  return Object.assign(sanitize, {
    droppedImages(html: string) {
      refused = [];
      try {
        sanitize(html);
        return refused;
      } finally {
        refused = null;
      }
    },
    keepUpload(url: string) {
      const resolved = resolve(url, options.base); // http(s) only, whatever the upload said
      if (resolved && /^https?:$/.test(resolved.protocol) && !resolved.username && !resolved.password)
        uploads.add(resolved.href);
    },
  });
}
