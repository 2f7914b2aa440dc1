/**
 * Dropped file requests (issue 13, item 6, soaked): the first request for each lazy file the learner
 * needs on `/` — the editing chunk, the write side, the editor, the sanitiser, their shared chunks,
 * the editing stylesheet, formatjs, a catalogue — is aborted once as a lost link would, in the
 * first tab, before any of them is asked for. The app's loader must fetch each again; the learner's
 * actions must go on working. Every later request for the file (with or without `?retry=N`) is let
 * through and counted, so the report can say each dropped file came in after all.
 */
import type { Page } from 'playwright-core';

/** The lazy files dropped once, by their path below the app's base (content hash and query aside). */
const DROPPED = [
  /^assets\/edit-parts-[^/]+\.js$/,
  /^assets\/note-actions-[^/]+\.js$/,
  /^assets\/editor-[^/]+\.js$/,
  /^assets\/sanitizer-chunk-[^/]+\.js$/,
  /^assets\/chunk-[^/]+\.js$/,
  /^assets\/formatjs-engine-[^/]+\.js$/,
  /^assets\/screen-edit-[^/]+\.css$/,
  /^locales\/[^/]+\.json$/,
];

/**
 * The file a URL asks for (`assets/edit-parts-Y7PXEFJ4.js`, query dropped) when it is one of the
 * app's to drop, else null — only on `appOrigin`: the portal page has `assets/` files of its own.
 */
export function droppableFile(url: string, appOrigin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== appOrigin) return null;
  const path = parsed.pathname.replace(/^\/+/, '');
  return DROPPED.some((re) => re.test(path)) ? path : null;
}

/** One dropped file: when it was dropped, and the later requests for it (and whether one came in). */
export type DroppedFile = { file: string; at: number; again: string[]; loaded: boolean };

/** Drops the first request for each file in `page` (to install before it opens the portal). */
export function dropFilesOnce(started: number) {
  const files = new Map<string, DroppedFile>();
  const now = () => Math.round(performance.now() - started);
  return {
    files,
    async install(page: Page, appOrigin: string): Promise<void> {
      await page.route(
        (url) => droppableFile(url.href, appOrigin) !== null,
        (route) => {
          const url = route.request().url();
          const file = droppableFile(url, appOrigin) ?? url;
          const seen = files.get(file);
          if (!seen) {
            files.set(file, { file, at: now(), again: [], loaded: false });
            return route.abort('internetdisconnected');
          }
          seen.again.push(new URL(url).search || '(same URL)');
          return route.fallback();
        },
      );
      page.on('response', (res) => {
        const file = droppableFile(res.url(), appOrigin);
        const seen = file ? files.get(file) : undefined;
        if (seen && res.ok()) seen.loaded = true;
      });
    },
    /** One line for the report: which files were dropped and whether each came in later. */
    summary(): string {
      const all = [...files.values()];
      if (!all.length) return 'dropped files: none was asked for';
      const loaded = all.filter((f) => f.loaded).length;
      const names = all
        .map(
          (f) =>
            `${f.file.replace(/^.*\//, '').replace(/-[A-Z0-9]{8}\./, '.')}${f.loaded ? '' : ' (NOT LOADED)'}`,
        )
        .join(', ');
      return `dropped once: ${all.length} files, ${loaded} came in on a later try (${names})`;
    },
  };
}

/** The drops of one run. */
export type DroppedFiles = ReturnType<typeof dropFilesOnce>;
