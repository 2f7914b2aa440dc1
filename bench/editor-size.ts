/**
 * The rich-text editor's bytes (issue 7: editor code + Quill + its CSS ≤ 60 kB gzip): its chunk
 * `assets/editor-*.js`, the lazy stylesheet holding its CSS (see EDITOR_CSS), and — beside them —
 * the shared chunks the editor chunk imports statically that the first load doesn't already hold,
 * i.e. everything the first `Add note` fetches for the editor.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OutFile, type SizeRow, sum } from './sizes.ts';

/** The editor's parts; `chunk` and `stylesheet` are what the goal is about. */
export type EditorSize = {
  chunk: SizeRow;
  stylesheet: SizeRow;
  /** Shared chunks the editor chunk imports (transitively) that are not in the first load. */
  shared: SizeRow;
};

/** The editor chunk's file name pattern. */
export const EDITOR_JS = /^assets\/editor-.*\.js$/;
/**
 * Its stylesheet's: `editor-*.css` of its own, or the editing UI's `screen-edit-*.css`, which
 * `@import`s src/editor/editor.css (the editor's styles arrive with the form that shows it).
 */
export const EDITOR_CSS = /^assets\/(?:screen-)?edit(?:or)?-.*\.css$/;

/** The `assets/…` files a minified ES module imports statically (`from"/assets/x.js"`, `import"./x.js"`). */
export function staticImports(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:\bfrom|\bimport)\s*"([^"]+\.js)"/g)) {
    const name = m[1]!.split('/').at(-1);
    if (name) found.add(`assets/${name}`);
  }
  return [...found];
}

/** The editor's sizes in the build at `out`, or null when the build has no editor chunk. */
export function editorSize(files: OutFile[], out: string): EditorSize | null {
  const chunk = files.filter((f) => EDITOR_JS.test(f.file));
  if (!chunk.length) return null;
  const byName = new Map(files.map((f) => [f.file, f]));
  const seen = new Set(chunk.map((f) => f.file));
  const queue = [...seen];
  const shared: OutFile[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const dep of staticImports(readFileSync(join(out, file), 'utf8'))) {
      const f = byName.get(dep);
      if (!f || seen.has(dep)) continue;
      seen.add(dep);
      queue.push(dep);
      if (!f.firstLoad) shared.push(f);
    }
  }
  const css = files.filter((f) => EDITOR_CSS.test(f.file));
  const names = (xs: OutFile[]) => xs.map((f) => f.file.replace(/^assets\//, '')).join(' + ');
  return {
    chunk: sum(`rich-text editor (${names(chunk)})`, chunk),
    stylesheet: sum(
      css.length ? `the editor's stylesheet (${names(css)})` : "the editor's stylesheet (none found)",
      css,
    ),
    shared: sum(
      shared.length
        ? `shared chunks it imports (${names(shared)})`
        : 'shared chunks it imports (none outside the first load)',
      shared,
    ),
  };
}
