/**
 * Builds the peer baseline (bench/baseline/main.tsx, React 19 + react-dom + react-router) with the
 * settings of the app's own build (build.mjs's `SPLIT_BUILD` and `squeeze`): esbuild bundling, minified ES modules with code
 * splitting, the same browser targets, content-hashed names under `assets/`, `NODE_ENV`
 * production, the app's stylesheet (src/styles/app.css) as an entry of its own, then the same
 * terser pass and the same .gz/.br siblings. Its index.html has the shape of a plain React
 * single-page app: stylesheet, modulepreloads, module script. No Preact alias: real React — and
 * tsconfig.json is not read, as its `paths` map `react` to preact/compat for the app. react-router
 * resolves as any bundler resolves it (its package exports name its `dist/development` build for
 * every condition; measured: the same bytes as `dist/production` within 50 B brotli).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { SPLIT_BUILD, squeeze } from '../../build.mjs';
// @ts-expect-error scripts/output-sizes.mjs is plain JavaScript without type declarations
import { compress, firstLoadTotals, walk } from '../../scripts/output-sizes.mjs';
import type { OutFile } from '../sizes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What the bench reports about the baseline: versions, first load (all `/` fetches before the API), total. */
export type BaselineSizes = {
  versions: Record<string, string>;
  firstLoad: { raw: number; gzip: number; brotli: number; files: string[] };
  total: { files: number; raw: number };
};

/** The baseline's build: its sizes, and every output file for the size table. */
export type BaselineBuild = BaselineSizes & { out: string; files: OutFile[] };

const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;

/** Builds the baseline into `out` (emptied first). */
export async function buildBaseline(out: string): Promise<BaselineBuild> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'assets'), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [
      { in: join(ROOT, 'bench/baseline/main.tsx'), out: 'main' },
      { in: join(ROOT, 'src/styles/app.css'), out: 'main' },
    ],
    ...(SPLIT_BUILD as esbuild.BuildOptions),
    absWorkingDir: ROOT,
    outdir: join(out, 'assets'),
    publicPath: '/assets',
    jsxImportSource: 'react',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfigRaw: '{}',
  });
  if (!result.metafile) throw new Error('baseline build: no metafile');
  const outputs = result.metafile.outputs;
  const abs = (f: string) => join(ROOT, f);
  // build.mjs's second pass, the same function.
  await squeeze(
    Object.keys(outputs)
      .filter((f) => f.endsWith('.js'))
      .map(abs),
  );
  const entry = Object.keys(outputs).find((f) => outputs[f]?.entryPoint?.endsWith('bench/baseline/main.tsx'));
  const css = Object.keys(outputs).find((f) => outputs[f]?.entryPoint?.endsWith('src/styles/app.css'));
  if (!entry) throw new Error('baseline build: no entry chunk');
  const url = (f: string) => `/${relative(out, abs(f)).split('\\').join('/')}`;
  const chunks = (outputs[entry]?.imports ?? [])
    .filter((i) => i.kind === 'import-statement')
    .map((i) => i.path);
  const html = [
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Notes</title>',
    css ? `<link rel="stylesheet" href="${url(css)}">` : '',
    ...chunks.map((c) => `<link rel="modulepreload" href="${url(c)}">`),
    `<script type="module" src="${url(entry)}"></script>`,
    '</head><body class="theme-blue custom-typography font-size-medium"><div id="app"></div></body></html>',
  ].join('');
  writeFileSync(join(out, 'index.html'), html);
  const first = new Set([
    join(out, 'index.html'),
    ...[entry, css, ...chunks].filter(Boolean).map((f) => abs(f!)),
  ]);
  const files: OutFile[] = (walk(out) as string[]).sort().map((file) => ({
    file: relative(out, file),
    firstLoad: first.has(file),
    ...(compress(file) as { raw: number; gzip: number; brotli: number }),
  }));
  const totals = firstLoadTotals(files) as { raw: number; gzip: number; brotli: number };
  return {
    out,
    files,
    versions: Object.fromEntries(['react', 'react-dom', 'react-router'].map((p) => [p, versionOf(p)])),
    firstLoad: { ...totals, files: files.filter((f) => f.firstLoad).map((f) => f.file) },
    total: { files: files.length, raw: files.reduce((n, f) => n + f.raw, 0) },
  };
}
