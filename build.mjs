#!/usr/bin/env node
// Builds the deployable `dist/` (README.md, docs/budgets.md): minified, code-split ES modules with content-hashed
// names, precompiled locale messages (English inlined, others as hashed JSON), an index.html that
// works from any static server with an index.html fallback, and .gz/.br files beside every asset.
// Then `sw.js` (the service worker) and `sw-kill.js` (its kill switch): src/sw/, docs/service-worker.md.
// Last, the response headers to deploy with: `headers.json` and `_headers` (scripts/deploy-headers.mjs).
// Usage: node build.mjs [--out DIR] [--allowed-domains a.com,b.com] [--dev-host HOST] [--base /path/]
//                       [--api-base URL] [--quiet]      (env: NOTES_ALLOWED_DOMAINS, NOTES_DEV_HOST,
//                                                        NOTES_BASE_PATH, NOTES_API_BASE)
//                       [--test-hooks]  the browser tests' build: hooks that make the editor fail on
//                                       purpose (src/editor/test-hooks.ts); never in a release
//                       [--local-parents] a development build: localhost, 127.0.0.1 and [::1] parents
//                                       accepted and in frame-ancestors (env NOTES_LOCAL_PARENTS=1);
//                                       the harness and the tests build this way, never a release
//                       [--image-origins https://cdn.example.org,…] where note images may come from
//                                       besides the API's origin (env NOTES_IMAGE_ORIGINS); also the
//                                       CSP img-src (scripts/image-origins.mjs, README "Images")
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { buildStyles } from './scripts/build-styles.mjs';
import { compileLocales } from './scripts/compile-locales.mjs';
import {
  deployHeaders,
  HEADERS_FILE,
  NETLIFY_HEADERS_FILE,
  renderHeadersFile,
} from './scripts/deploy-headers.mjs';
import { checkInlinedChunks, firstLoadDocument, inlinableFirstLoad } from './scripts/first-load-document.mjs';
import { parseImageOrigins } from './scripts/image-origins.mjs';
import { cachedMinify } from './scripts/minify-cache.mjs';
import { compress, firstLoadTotals, sizeTable, walk } from './scripts/output-sizes.mjs';
import { assertPreactFromSource, preactFromSource, preactPrivateNames } from './scripts/preact-source.mjs';
import { KILL_SWITCH_FILE, WORKER_FILE, writeServiceWorkers } from './src/sw/emit-workers.mjs';

export { firstLoadTotals, sizeTable };

const ROOT = dirname(fileURLToPath(import.meta.url));
const DEFAULT_DOMAINS = ['infosysapps.com', 'onwingspan.com', 'olympics.com'];
const DEFAULT_DEV_HOST = 'lex-dev.infosysapps.com';
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

const TARGET = ['chrome100', 'firefox100', 'safari15'];

/**
 * The esbuild settings of a code-split, minified ES-module build with content-hashed names: the
 * app's (below) and the React peer baseline's (bench/baseline/build.ts), so the bench compares
 * the two frameworks under one build.
 */
export const SPLIT_BUILD = {
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: TARGET,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  jsx: 'automatic',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
};

const PREACT_DIR = realpathSync(join(ROOT, 'node_modules/preact')); // as esbuild names its files

/**
 * Library-private properties renamed to short names (esbuild `mangleProps`), consistently across
 * every chunk of the app's build: Preact's internals as its sources spell them (`_children`,
 * `__hooks`, …: scripts/preact-source.mjs, Preact being built from those sources) and wretch's
 * `_`-prefixed fields. Only code bundled in this one build reads them — the early start and the
 * editor are built apart and never touch a vnode or a wretch chain — and the build refuses output
 * that reaches one by a quoted name (`unmangledNames`). docs/budgets.md, "Toward 22 kB".
 */
const PRIVATE_NAMES = [
  ...preactPrivateNames(PREACT_DIR),
  ...'options url config addons resolvers middlewares deferred catchers wretchReq sharedState fetchReq'
    .split(' ')
    .map((n) => `_${n}`),
];
export const PRIVATE_PROPS = new RegExp(`^(${PRIVATE_NAMES.join('|')})$`);

/** A bad option: reported as one line, exit code 2. */
export class BuildOptionError extends Error {}

/** Reads and checks the options from flags over env over defaults. */
export function resolveOptions(argv = [], env = process.env) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        'allowed-domains': { type: 'string' },
        'dev-host': { type: 'string' },
        base: { type: 'string' },
        'api-base': { type: 'string' },
        quiet: { type: 'boolean' },
        'test-hooks': { type: 'boolean' },
        'local-parents': { type: 'boolean' },
        'image-origins': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new BuildOptionError(error.message);
  }
  const domains = (values['allowed-domains'] ?? env.NOTES_ALLOWED_DOMAINS ?? DEFAULT_DOMAINS.join(','))
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  for (const d of domains)
    if (!HOST.test(d)) throw new BuildOptionError(`--allowed-domains: "${d}" is not a domain name`);
  if (!domains.length) throw new BuildOptionError('--allowed-domains: give at least one domain');
  const devHost = (values['dev-host'] ?? env.NOTES_DEV_HOST ?? DEFAULT_DEV_HOST).trim().toLowerCase();
  if (!HOST.test(devHost)) throw new BuildOptionError(`--dev-host: "${devHost}" is not a host name`);
  let base = values.base ?? env.NOTES_BASE_PATH ?? '/';
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(base) || base.includes('//'))
    throw new BuildOptionError(`--base: "${base}" must be a path like /notes/`);
  if (!base.endsWith('/')) base += '/';
  const apiBase = (values['api-base'] ?? env.NOTES_API_BASE ?? `${base}api/v1`).replace(/\/+$/, '');
  if (!/^(\/|https:\/\/)[^\s"'<>]*$/.test(apiBase))
    throw new BuildOptionError(`--api-base: "${apiBase}" must be a path or an https URL`);
  const localEnv = env.NOTES_LOCAL_PARENTS ?? '';
  if (!['', '0', '1'].includes(localEnv))
    throw new BuildOptionError(`NOTES_LOCAL_PARENTS: "${localEnv}" must be 1 (a development build) or 0`);
  const localParents = Boolean(values['local-parents']) || localEnv === '1';
  let imageOrigins;
  try {
    imageOrigins = parseImageOrigins(values['image-origins'] ?? env.NOTES_IMAGE_ORIGINS ?? '', localParents);
  } catch (error) {
    throw new BuildOptionError(error.message);
  }
  return {
    out: resolve(values.out ?? join(ROOT, 'dist')), // absolute: sizes and the precache list compare paths
    quiet: Boolean(values.quiet),
    testHooks: Boolean(values['test-hooks']),
    imageOrigins, // apart from config: only the sanitiser's lazy chunk needs them, not the first load
    config: { allowedDomains: domains, devParentHost: devHost, localParents, basePath: base, apiBase },
  };
}

/**
 * esbuild puts each module in a chunk named by the set of entries (and dynamic imports) that reach
 * it, so first-load code shared with different lazy chunks scatters over many small files — each a
 * request and each compressed alone (measured: +1.2 kB brotli). Making every lazily imported module
 * also import the entry puts all first-load code in the entry's own file. The import is free at run
 * time (the entry is always evaluated first) and invisible in the source. (The stylesheet is an
 * entry of its own, so lazy chunks don't each get a copy of it.)
 */
function oneFirstLoadChunk(entry) {
  const lazy = new Set();
  return {
    name: 'one-first-load-chunk',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import' || !args.path.startsWith('.')) return undefined;
        lazy.add(join(args.resolveDir, args.path));
        return undefined;
      });
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (!lazy.has(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        return {
          contents: `${source}\nimport ${JSON.stringify(entry)};\n`,
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/**
 * A second minification pass with terser over esbuild's chunks: its multi-pass compressor finds
 * what esbuild's single pass leaves (measured: −0.9 kB brotli on the first load). Names stay as
 * esbuild hashed them; the same input always gives the same output, so they still name content
 * (and the tests' builds may reuse it: scripts/minify-cache.mjs).
 */
export async function squeeze(files, { module = true } = {}) {
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const squeezed = await cachedMinify(code, {
      module, // false for a classic script: its top-level names would otherwise become globals
      ecma: 2020,
      compress: { passes: 2, ecma: 2020 },
      mangle: true,
      format: { comments: false },
    });
    if (squeezed) writeFileSync(file, squeezed);
  }
}

/**
 * The rich-text editor (src/editor/editor.ts with Quill) as a bundle of its own,
 * `assets/editor-<hash>.js`, built before the app so its URL can be compiled into the editing chunk
 * that imports it. Built apart, not as a chunk of the app's build: Quill pulls in CommonJS modules,
 * and in the shared build esbuild then wraps first-load modules in lazy initialisers and moves its
 * runtime helpers into the first load (measured: +375 B brotli). The editor shares no code with the
 * app (only types), so nothing is duplicated. Returns the bundle's URL.
 */
async function buildEditor(out, basePath, testHooks) {
  const result = await esbuild.build({
    entryPoints: [{ in: join(ROOT, 'src/editor/editor.ts'), out: 'editor' }],
    absWorkingDir: ROOT,
    outdir: join(out, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    minify: true,
    target: TARGET,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      __NOTES_TEST_HOOKS__: testHooks ? 'true' : 'false',
      'process.env.NODE_ENV': '"production"',
    },
  });
  const file = join(
    ROOT,
    Object.keys(result.metafile.outputs).find((f) => f.endsWith('.js')),
  );
  await squeeze([file]);
  return `${basePath}${relative(out, file).split('\\').join('/')}`;
}

/**
 * A small script of its own (the early start, the fallback): bundled, minified, written under
 * assets/ with a content hash. Returns its URL and final text.
 */
async function buildScript(out, basePath, { source, name, format, define }) {
  const result = await esbuild.build({
    entryPoints: [{ in: join(ROOT, source), out: name }],
    absWorkingDir: ROOT,
    outdir: join(out, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    format,
    minify: true,
    target: TARGET,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    define,
  });
  const file = join(ROOT, Object.keys(result.metafile.outputs)[0]);
  await squeeze([file], { module: format === 'esm' });
  return { url: `${basePath}${relative(out, file).split('\\').join('/')}`, text: readFileSync(file, 'utf8') };
}

/**
 * A module of src/ for the build itself, bundled on the fly since node can't import TS: the CSP
 * `frame-ancestors` come from `frameAncestors` in src/config/app-config.ts (the function the app's
 * origin check is built on), the rich-body stylesheet's hash from src/format/rich-text-css.ts.
 */
async function sourceModule(path) {
  const result = await esbuild.build({
    entryPoints: [join(ROOT, path)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  const code = Buffer.from(result.outputFiles[0].text).toString('base64');
  return import(`data:text/javascript;base64,${code}`);
}

/**
 * Writes `headers.json` (and its `_headers` rendering for Netlify / Cloudflare Pages): the CSP,
 * security and caching headers a deployment of this build must send (README "Deploying"). Not
 * listed among the build's files: they are server configuration, never served.
 */
async function writeDeployHeaders(out, config, files, inline, imageOrigins) {
  const data = deployHeaders({
    imageOrigins,
    frameAncestors: (await sourceModule('src/config/app-config.ts')).frameAncestors(config),
    inline,
    apiBase: config.apiBase,
    basePath: config.basePath,
    files: [...files.map((f) => f.file), WORKER_FILE, KILL_SWITCH_FILE],
  });
  writeFileSync(join(out, HEADERS_FILE), `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(join(out, NETLIFY_HEADERS_FILE), renderHeadersFile(data));
}

/**
 * Builds dist/; returns every output file's sizes and which of them make up the first load (and
 * esbuild's metafile with the first-load chunk's path in it, for scripts/first-load-profile.mjs).
 */
export async function build(options) {
  const { out, config } = options;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'assets'), { recursive: true });
  const locales = compileLocales(join(ROOT, 'locales'), out, config.basePath);
  const styles = await buildStyles(ROOT, out, config.basePath);
  const editorUrl = await buildEditor(out, config.basePath, options.testHooks);
  const early = await buildScript(out, config.basePath, {
    source: 'src/boot/early.ts',
    name: 'early',
    format: 'iife', // a classic script: it runs where it stands in <head>, before anything else
    define: { __NOTES_CONFIG__: JSON.stringify(config), __NOTES_LOCALES__: JSON.stringify(locales.urls) },
  });
  const result = await esbuild.build({
    entryPoints: [
      { in: join(ROOT, 'src/main.tsx'), out: 'main' },
      { in: join(ROOT, 'src/styles/app.css'), out: 'main' },
    ],
    ...SPLIT_BUILD,
    outdir: join(out, 'assets'),
    publicPath: `${config.basePath}assets`,
    jsxImportSource: 'preact',
    mangleProps: PRIVATE_PROPS,
    define: {
      __NOTES_CONFIG__: JSON.stringify(config),
      __NOTES_STYLES__: JSON.stringify(styles),
      __NOTES_EDITOR_URL__: JSON.stringify(editorUrl),
      __NOTES_EARLY_URL__: JSON.stringify(early.url),
      __NOTES_IMAGE_ORIGINS__: JSON.stringify(options.imageOrigins ?? []),
      'process.env.NODE_ENV': '"production"',
    },
    alias: {
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
    external: [editorUrl, early.url], // built above, imported by URL
    plugins: [
      preactFromSource(PREACT_DIR),
      oneFirstLoadChunk(join(ROOT, 'src/main.tsx')),
      {
        name: 'virtual-locales',
        setup(b) {
          b.onResolve({ filter: /^virtual:locales$/ }, () => ({ path: 'locales', namespace: 'virtual' }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
            contents: `export const english=${JSON.stringify(locales.english)};`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const url = (f) => `${config.basePath}${relative(out, join(ROOT, f)).split('\\').join('/')}`;
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith('src/main.tsx'));
  const app = inlinableFirstLoad(ROOT, outputs, entry, url);
  await squeeze(
    Object.keys(outputs)
      .filter((f) => f.endsWith('.js') && f !== entry)
      .map((f) => join(ROOT, f)),
  );
  // Refuses what would break once inlined (scripts/README.md "What the build refuses"): after terser,
  // so it sees the code that ships.
  checkInlinedChunks(ROOT, outputs, app, entry);
  // And what would read a Preact internal under a name its build from source does not give it.
  assertPreactFromSource(
    Object.keys(outputs)
      .filter((f) => f.endsWith('.js') && f !== entry)
      .map((f) => join(ROOT, f)),
    PRIVATE_NAMES,
  );
  const css = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith('src/styles/app.css'));
  const fallback = await buildScript(out, config.basePath, {
    source: 'src/boot/fallback.ts',
    name: 'fallback',
    format: 'esm',
    define: { __NOTES_FALLBACK__: JSON.stringify({ early: early.url, app: url(app), css: url(css) }) },
  });
  // The sanitiser's chunk adds one more inline stylesheet, the rich-body rules (sanitizer-chunk.ts).
  const { RICH_TEXT_CSS } = await sourceModule('src/format/rich-text-css.ts');
  const { html, inline } = firstLoadDocument({
    early: early.text,
    css: readFileSync(join(ROOT, css), 'utf8'),
    app: readFileSync(join(ROOT, app), 'utf8'),
    fallbackUrl: fallback.url,
    extraStyles: [RICH_TEXT_CSS],
  });
  writeFileSync(join(out, 'index.html'), html);
  const firstLoad = new Set([join(out, 'index.html'), join(out, fallback.url.slice(config.basePath.length))]);
  const files = walk(out)
    .sort()
    .map((file) => ({ file: relative(out, file), firstLoad: firstLoad.has(file), ...compress(file) }));
  // Last, so its version covers every other file: sw.js and sw-kill.js (src/sw/emit-workers.mjs).
  await writeServiceWorkers({ root: ROOT, out, config, files });
  await writeDeployHeaders(out, config, files, inline, options.imageOrigins ?? []);
  // The metafile and the first-load chunk's path in it: scripts/first-load-profile.mjs reads them.
  return { out, config, files, metafile: result.metafile, firstLoadChunk: app };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const options = resolveOptions(process.argv.slice(2));
    const { files } = await build(options);
    if (!options.quiet) console.log(sizeTable(files));
  } catch (error) {
    console.error(`build: ${error.message}`);
    process.exit(error instanceof BuildOptionError ? 2 : 1);
  }
}
