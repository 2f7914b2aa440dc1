import { type Loader, ONE_TRY } from '../platform/lazy-file.ts';
import type { Sanitize } from './sanitize-html.ts';
import type { SanitizerDocument } from './sanitizer-chunk.ts';

/**
 * The HTML sanitiser, fetched on first need so DOMPurify is never part of the first load. No
 * "ready" signal: a body keeps the loaded sanitiser in its own state (see NoteBody), which costs
 * the first load less.
 */
export type SanitizerService = {
  /** The sanitiser once loaded (memoised per HTML string), else null: show plain text meanwhile. */
  current(): Sanitize | null;
  /** Fetches the chunk once; a failed fetch is forgotten, so the next call tries again. */
  load(): Promise<Sanitize>;
};

/**
 * The sanitiser service over its lazy chunk (`sanitizer-chunk`: DOMPurify, the configuration, the
 * rich-body stylesheet) for the API at `config.apiBase`, in `doc` (whose base URL resolves
 * addresses), fetched by `loader` (which retries a dropped request). `chunk` is the chunk's import,
 * replaceable in tests.
 */
export function createSanitizerService(
  config: { apiBase: string },
  doc: SanitizerDocument,
  chunk: () => Promise<typeof import('./sanitizer-chunk.ts')> = () => import('./sanitizer-chunk.ts'),
  loader: Loader = ONE_TRY,
): SanitizerService {
  const file = loader.file(async () => (await chunk()).sanitizerFor(config, doc));
  return { current: () => file.current, load: file.load };
}
