#!/usr/bin/env node
// Builds the deployable `dist/` (DESIGN §1, §7): minified, code-split ES modules with content-hashed
// names, precompiled locale messages (English inlined, others as hashed JSON), an index.html that
// works from any static server with an index.html fallback, and .gz/.br files beside every asset.
// Usage: node build.mjs [--out DIR] [--allowed-domains a.com,b.com] [--dev-host HOST] [--base /path/]
//                       [--api-base URL] [--quiet]      (env: NOTES_ALLOWED_DOMAINS, NOTES_DEV_HOST,
//                                                        NOTES_BASE_PATH, NOTES_API_BASE)
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';
import * as esbuild from 'esbuild';

const ROOT = dirname(fileURLToPath(import.meta.url));
const DEFAULT_DOMAINS = ['infosysapps.com', 'onwingspan.com', 'olympics.com'];
const DEFAULT_DEV_HOST = 'lex-dev.infosysapps.com';
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

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
  return {
    out: values.out ?? join(ROOT, 'dist'),
    quiet: Boolean(values.quiet),
    config: { allowedDomains: domains, devParentHost: devHost, basePath: base, apiBase },
  };
}

const hash8 = (data) =>
  createHash('sha256').update(data).digest('base64url').replace(/[-_]/g, 'x').slice(0, 8).toUpperCase();

/**
 * English ships inside the first-load bundle, and keys are the English text: a plain message equal
 * to its key renders the same through the "missing key shows the key" rule, so only the messages
 * that differ from their key (plurals, arguments) are kept.
 */
function trimEnglish(compiled) {
  const kept = {};
  for (const [key, ast] of Object.entries(compiled)) {
    const plain = ast.length === 1 && ast[0].type === 0 && ast[0].value === key;
    if (!plain) kept[key] = ast;
  }
  return kept;
}

/** Precompiles every locales/*.json (ICU → AST) so no parser ships; writes non-English as hashed JSON. */
function compileLocales(out, base) {
  const dir = join(ROOT, 'locales');
  const urls = {};
  let english = null;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const locale = basename(file, '.json');
    const source = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const compiled = {};
    for (const [key, message] of Object.entries(source)) {
      try {
        compiled[key] = parseIcu(message);
      } catch (error) {
        throw new Error(`locales/${file}: message "${key}" does not parse: ${error.message}`);
      }
    }
    const json = JSON.stringify(compiled);
    if (locale === 'en') english = trimEnglish(compiled);
    else {
      const name = `${locale}-${hash8(json)}.json`;
      mkdirSync(join(out, 'locales'), { recursive: true });
      writeFileSync(join(out, 'locales', name), json);
      urls[locale] = `${base}locales/${name}`;
    }
  }
  if (!english) throw new Error('locales/en.json is missing');
  return { english, urls };
}

/** Writes .gz and .br beside a file and returns its three sizes. */
function compress(file) {
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.gz`, gz);
  writeFileSync(`${file}.br`, br);
  return { raw: raw.length, gzip: gz.length, brotli: br.length };
}

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.(gz|br)$/.test(e.name) ? [] : [join(dir, e.name)],
  );

/** Builds dist/; returns every output file's sizes and which of them make up the first load. */
export async function build(options) {
  const { out, config } = options;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'assets'), { recursive: true });
  const locales = compileLocales(out, config.basePath);
  const result = await esbuild.build({
    entryPoints: { main: join(ROOT, 'src/main.tsx') },
    outdir: join(out, 'assets'),
    publicPath: `${config.basePath}assets`,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { __NOTES_CONFIG__: JSON.stringify(config), 'process.env.NODE_ENV': '"production"' },
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/jsx-runtime',
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
    plugins: [
      {
        name: 'virtual-locales',
        setup(b) {
          b.onResolve({ filter: /^virtual:locales$/ }, () => ({ path: 'locales', namespace: 'virtual' }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
            contents: `export const english=${JSON.stringify(locales.english)};export const urls=${JSON.stringify(locales.urls)};`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint?.endsWith('src/main.tsx'));
  const url = (f) => `${config.basePath}${relative(out, join(ROOT, f)).split('\\').join('/')}`;
  const staticChunks = (outputs[entry].imports ?? [])
    .filter((i) => i.kind === 'import-statement')
    .map((i) => i.path);
  const css = outputs[entry].cssBundle;
  const html = [
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Notes</title>',
    css ? `<link rel="stylesheet" href="${url(css)}">` : '',
    ...staticChunks.map((c) => `<link rel="modulepreload" href="${url(c)}">`),
    `<script type="module" src="${url(entry)}"></script>`,
    '</head><body class="theme-blue custom-typography font-size-medium"><div id="app"></div></body></html>',
  ].join('');
  writeFileSync(join(out, 'index.html'), html);
  const firstLoad = new Set([
    join(out, 'index.html'),
    ...[entry, css, ...staticChunks].filter(Boolean).map((f) => join(ROOT, f)),
  ]);
  const files = walk(out)
    .sort()
    .map((file) => ({ file: relative(out, file), firstLoad: firstLoad.has(file), ...compress(file) }));
  return { out, config, files };
}

/** Sums the first-load files (HTML + entry JS + its static chunks + CSS; English is inlined). */
export function firstLoadTotals(files) {
  const sum = (k) => files.filter((f) => f.firstLoad).reduce((n, f) => n + f[k], 0);
  return { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

/** The size table build prints: every output file with raw / gzip / brotli bytes. */
export function sizeTable(files) {
  const rows = files.map((f) => [f.file + (f.firstLoad ? ' *' : ''), f.raw, f.gzip, f.brotli]);
  const t = firstLoadTotals(files);
  rows.push(['first load (*)', t.raw, t.gzip, t.brotli]);
  const w = Math.max(...rows.map((r) => r[0].length), 4);
  const line = (r) =>
    `${String(r[0]).padEnd(w)}  ${[r[1], r[2], r[3]].map((n) => String(n).padStart(8)).join('  ')}`;
  return [line(['file', 'raw', 'gzip', 'brotli']), ...rows.map(line)].join('\n');
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
