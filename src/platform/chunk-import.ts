import type { LazyFile, Loader } from './lazy-file.ts';

/**
 * The importer every chunk import of the build goes through (scripts/retry-imports.mjs rewrites
 * `import("/assets/x.js")` and a lazy chunk's static imports into calls of it; docs/decisions.md
 * "A dropped request"). A browser following the older HTML rule remembers a failed module URL for
 * the life of the page, so an import after a failure asks for `x.js?retry=N`: a URL it never saw.
 */
export type ChunkImport = (url: string) => Promise<unknown>;

/**
 * One lazy file per URL (one try per call; whoever wants the chunk retries it), so every importer
 * shares one instance even when it came in under `?retry=N`, and a failure is forgotten.
 */
export function createChunkImport(loader: Loader, importUrl: ChunkImport): ChunkImport {
  const files = new Map<string, LazyFile<unknown>>();
  return (url) => {
    let file = files.get(url);
    if (!file) {
      file = loader.file((n) => importUrl(n ? `${url}?retry=${n}` : url), 1);
      files.set(url, file);
    }
    return file.load();
  };
}
