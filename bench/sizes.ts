/**
 * Sizes from a fresh build: the first load of `/` (what test/build.test.ts holds under its
 * ceiling), each lazy chunk by what it is for, the stylesheets and the whole output. The build
 * goes to a private directory so a bench run never rewrites the `dist/` other runs may be serving.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { build, firstLoadTotals, resolveOptions, sizeTable } from '../build.mjs';
import { EDITOR_CSS, type EditorSize, editorSize } from './editor-size.ts';

/** One output file as build.mjs reports it. */
export type OutFile = { file: string; firstLoad: boolean; raw: number; gzip: number; brotli: number };

/** Sizes of a group of files (a chunk, or all theme sheets). */
export type SizeRow = { label: string; files: string[]; raw: number; gzip: number; brotli: number };

/** What the bench reports about the build. */
export type Sizes = {
  firstLoad: { raw: number; gzip: number; brotli: number; files: string[] };
  chunks: SizeRow[];
  /** The rich-text editor's chunk, stylesheet and shared imports; null when the build has none. */
  editor: EditorSize | null;
  /** Every output file, uncompressed; and on disk with the .gz/.br siblings. */
  total: { files: number; raw: number; onDisk: number };
  table: string;
};

/** The lazy parts the budgets name, by the output file name's prefix. */
const NAMED: [label: string, prefix: RegExp][] = [
  ['`/view` screen (ViewScreen-*.js)', /^assets\/ViewScreen-.*\.js$/],
  ['`/course` screen (CourseScreen-*.js)', /^assets\/CourseScreen-.*\.js$/],
  ['editing UI (edit-parts-*.js)', /^assets\/edit-parts-.*\.js$/],
  ['write side (note-actions-*.js)', /^assets\/note-actions-.*\.js$/],
  ['formatjs runtime (formatjs-engine-*.js)', /^assets\/formatjs-engine-.*\.js$/],
  ['turndown, Export (html-to-markdown-*.js)', /^assets\/html-to-markdown-.*\.js$/],
  ['error screen (ErrorPage-*.js)', /^assets\/ErrorPage-.*\.js$/],
  ['`/review` screen with ts-fsrs (ReviewScreen-*.js)', /^assets\/ReviewScreen-.*\.js$/],
  ['Review tab count (review-count-*.js)', /^assets\/review-count-.*\.js$/],
];

/** One row of the size table: `files` under `label`, their bytes summed. */
export const sum = (label: string, files: OutFile[]): SizeRow => ({
  label,
  files: files.map((f) => f.file),
  raw: files.reduce((n, f) => n + f.raw, 0),
  gzip: files.reduce((n, f) => n + f.gzip, 0),
  brotli: files.reduce((n, f) => n + f.brotli, 0),
});

/**
 * Builds into `out` with the default options plus local parents (the bench's portal is on
 * localhost; the flag changes one boolean in the config) and measures the output.
 */
export async function measureSizes(out: string): Promise<Sizes> {
  const { files } = (await build(resolveOptions(['--out', out, '--quiet', '--local-parents']))) as {
    files: OutFile[];
  };
  const first = firstLoadTotals(files) as { raw: number; gzip: number; brotli: number };
  const lazy = files.filter((f) => !f.firstLoad);
  const chunks: SizeRow[] = [];
  const claimed = new Set<string>();
  const editor = editorSize(files, out);
  if (editor) {
    chunks.push(editor.chunk);
    if (editor.stylesheet.files.length) chunks.push(editor.stylesheet);
    if (editor.shared.files.length) chunks.push(editor.shared);
    for (const f of [...editor.chunk.files, ...editor.stylesheet.files, ...editor.shared.files])
      claimed.add(f);
  } else chunks.push({ label: 'rich-text editor (editor-*.js)', files: [], raw: 0, gzip: 0, brotli: 0 });
  for (const [label, re] of NAMED) {
    const hit = lazy.filter((f) => re.test(f.file));
    for (const f of hit) claimed.add(f.file);
    chunks.push(sum(label, hit));
  }
  for (const f of lazy.filter((x) => /^assets\/screen-.*\.css$/.test(x.file) && !EDITOR_CSS.test(x.file))) {
    claimed.add(f.file);
    chunks.push(sum(`stylesheet ${f.file.replace(/^assets\//, '')}`, [f]));
  }
  const themes = lazy.filter((f) => /^assets\/theme-.*\.css$/.test(f.file));
  for (const f of themes) claimed.add(f.file);
  const biggest = themes.reduce<OutFile | undefined>(
    (a, f) => (!a || f.brotli > a.brotli ? f : a),
    undefined,
  );
  if (biggest) chunks.push(sum(`largest of ${themes.length} theme-*.css`, [biggest]));
  for (const f of lazy.filter((x) => /^assets\/.*\.js$/.test(x.file) && !claimed.has(x.file)))
    chunks.push(sum(`other chunk ${f.file.replace(/^assets\//, '')}`, [f]));
  const onDisk = files.reduce(
    (n, f) => n + f.raw + statSync(join(out, `${f.file}.gz`)).size + statSync(join(out, `${f.file}.br`)).size,
    0,
  );
  return {
    firstLoad: { ...first, files: files.filter((f) => f.firstLoad).map((f) => f.file) },
    chunks,
    editor,
    total: { files: files.length, raw: files.reduce((n, f) => n + f.raw, 0), onDisk },
    table: sizeTable(files) as string,
  };
}
