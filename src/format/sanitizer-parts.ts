/**
 * The sanitiser's lazy chunk: DOMPurify, our one configuration of it, the upload test and the
 * rich-body stylesheet, fetched together by `createSanitizerService` (never in the first load).
 */
import DOMPurify from 'dompurify';
import { RICH_TEXT_CSS } from './rich-text-css.ts';
import { createSanitizer, type Sanitize } from './sanitize-html.ts';
import { uploadedImageTest } from './uploaded-image.ts';

/** The document the sanitiser serves: its base URL resolves addresses, its head gets the styles. */
export type SanitizerDocument = Pick<Document, 'baseURI' | 'createElement' | 'head'>;

/** Stored bodies kept sanitised by their HTML: lists re-render often, and notes repeat across screens. */
const CACHE_SIZE = 500;

/**
 * The app's sanitiser over the page's DOMPurify, for the API at `apiBase` (the app config's),
 * memoised per HTML string (the oldest entry goes past CACHE_SIZE); adds the rich-body stylesheet
 * to `doc` once.
 */
export function sanitizerFor({ apiBase }: { apiBase: string }, doc: SanitizerDocument): Sanitize {
  const base = doc.baseURI;
  const sanitize = createSanitizer(DOMPurify, { base, isUploadedImage: uploadedImageTest(apiBase, base) });
  const style = doc.createElement('style');
  style.textContent = RICH_TEXT_CSS;
  doc.head.append(style);
  const cache = new Map<string, string>();
  return (html) => {
    let clean = cache.get(html);
    if (clean === undefined) {
      clean = sanitize(html);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      cache.set(html, clean);
    }
    return clean;
  };
}
