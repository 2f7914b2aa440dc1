/**
 * A stand-in for the sanitiser service in component tests: DOMPurify does not run under linkedom
 * (it reports itself unsupported and would hand HTML back untouched), so the real one can't be
 * used there. `load()` stays pending until the test calls `finish()`, so by default cards show
 * their plain text exactly as before the sanitiser existed; after `finish()` the "sanitiser"
 * passes test HTML through (tests only feed it their own markup) and records what it got.
 */
import type { Sanitize } from '../../src/format/sanitize-html.ts';
import type { SanitizerService } from '../../src/format/sanitizer.ts';

/** The fake service and its controls. */
export type FakeSanitizer = {
  service: SanitizerService;
  /** `load()` calls so far. */
  loads: number;
  /** HTML strings sanitised so far, in order. */
  sanitised: string[];
  /** The shape asked for with each of them (`'store'` when none was given). */
  shapes: string[];
  /** Addresses `droppedImages` reports (none unless a test sets them); `keepUpload` calls so far. */
  dropped: string[];
  kept: string[];
  /** Makes the sanitiser current and resolves every `load()`. */
  finish(): void;
};

/** A sanitiser service whose chunk "arrives" when the test says so. */
export function createFakeSanitizer(): FakeSanitizer {
  let current: Sanitize | null = null;
  let arrive: (s: Sanitize) => void = () => undefined;
  const arrived = new Promise<Sanitize>((resolve) => {
    arrive = resolve;
  });
  const fake: FakeSanitizer = {
    loads: 0,
    sanitised: [],
    shapes: [],
    dropped: [],
    kept: [],
    service: {
      current: () => current,
      load() {
        fake.loads += 1;
        return arrived;
      },
    },
    finish() {
      const sanitize = (html: string, shape = 'store') => {
        fake.sanitised.push(html);
        fake.shapes.push(shape);
        return html;
      };
      const made: Sanitize = Object.assign(sanitize, {
        droppedImages: () => fake.dropped,
        keepUpload: (url: string) => void fake.kept.push(url),
      });
      current = made;
      arrive(made);
    },
  };
  return fake;
}
