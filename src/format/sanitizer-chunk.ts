/**
 * The sanitiser's lazy chunk: DOMPurify, our one configuration of it, the upload test and the
 * rich-body stylesheet, fetched together by `createSanitizerService` (never in the first load).
 */
import DOMPurify from 'dompurify';
import { RICH_TEXT_CSS } from './rich-text-css.ts';
import { createSanitizer, type Sanitize, type SanitizeShape } from './sanitize-html.ts';
import { IMAGE_ORIGINS, imageOriginTest } from './uploaded-image.ts';

/** The document the sanitiser serves: its base URL resolves addresses, its head gets the styles. */
export type SanitizerDocument = Pick<Document, 'baseURI' | 'createElement' | 'head'> &
  Partial<Pick<Document, 'adoptedStyleSheets'>>;

/**
 * Adds the rich-body stylesheet. As a `<style>` element, which the deployment's CSP allows by its
 * hash (build.mjs); a CSP without that hash refuses it (the element then has no sheet), and where
 * the browser can, the same rules are adopted as a constructed sheet, which CSP does not govern.
 */
function addRichTextStyles(doc: SanitizerDocument) {
  const style = doc.createElement('style');
  style.textContent = RICH_TEXT_CSS;
  doc.head.append(style);
  if (style.sheet || !doc.adoptedStyleSheets || typeof CSSStyleSheet !== 'function') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(RICH_TEXT_CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/** Stored bodies kept sanitised by their HTML: lists re-render often, and notes repeat across screens. */
const CACHE_SIZE = 500;

/**
 * The app's sanitiser over the page's DOMPurify, for the API at `apiBase` (the app config's) and
 * the build's image origins, memoised per HTML string and shape (the oldest entry goes past
 * CACHE_SIZE; all of them when an upload's address is kept); adds the rich-body stylesheet to
 * `doc` once.
 */
export function sanitizerFor(
  { apiBase }: { apiBase: string },
  doc: SanitizerDocument,
  imageOrigins: readonly string[] = IMAGE_ORIGINS,
): Sanitize {
  const base = doc.baseURI;
  const sanitize = createSanitizer(DOMPurify, {
    base,
    keepImage: imageOriginTest(apiBase, base, imageOrigins),
  });
  addRichTextStyles(doc);
  const cache = new Map<string, string>();
  const memo = (html: string, shape: SanitizeShape = 'store') => {
    const key = `${shape}:${html}`;
    let clean = cache.get(key);
    if (clean === undefined) {
      clean = sanitize(html, shape);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      cache.set(key, clean);
    }
    return clean;
  };
  return Object.assign(memo, {
    droppedImages: sanitize.droppedImages,
    keepUpload(url: string) {
      sanitize.keepUpload(url);
      cache.clear(); // a body sanitised before may have lost that image
    },
  });
}
