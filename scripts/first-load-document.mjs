// The one document of the first load (docs/budgets.md, docs/decisions.md "First load"): index.html with
// the early start, the first-load stylesheet and the app inline, and the CSP hashes that allow
// exactly them. Used by build.mjs; plain JavaScript, types in first-load-document.d.mts.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertFirstLoad } from './first-load-checks.mjs';
import {
  assertScript,
  cspHash,
  InlineError,
  publishExports,
  readSharedImports,
} from './inline-first-load.mjs';
import { retryImports } from './retry-imports.mjs';

/**
 * Makes esbuild's split output inlinable: the entry must be a stub importing one chunk that holds
 * all first-load code (build.mjs `oneFirstLoadChunk`). That chunk publishes its exports on a
 * global, every other chunk reads them from there, and the stub goes. Every chunk import then goes
 * through the page's chunk importer (retry-imports.mjs). Returns the chunk's
 * metafile path; the chunk stays in assets/ as the fallback's copy.
 * @param {string} root the directory metafile paths are relative to
 * @param {Record<string, { imports?: { path: string, kind: string }[] }>} outputs esbuild's metafile outputs
 * @param {string} entry the entry's metafile path
 * @param {(file: string) => string} url a metafile path's URL
 * @returns {string}
 */
export function inlinableFirstLoad(root, outputs, entry, url) {
  const chunks = (outputs[entry]?.imports ?? []).filter((i) => i.kind === 'import-statement');
  const stub = readFileSync(join(root, entry), 'utf8').trim();
  const chunk = chunks[0]?.path;
  if (!chunk || chunks.length !== 1 || stub.replace(/^import\s*["'][^"']+["'];?$/, '') !== '')
    throw new InlineError(`the entry ${entry} is not a stub importing one first-load chunk`);
  const shared = [url(entry), url(chunk)];
  for (const file of Object.keys(outputs).filter((f) => f.endsWith('.js') && f !== entry)) {
    const path = join(root, file);
    const code = readFileSync(path, 'utf8');
    const first = file === chunk;
    const own = first ? publishExports(code) : readSharedImports(code, shared, file);
    writeFileSync(path, retryImports(own, { lazy: !first, where: file }));
  }
  unlinkSync(join(root, entry));
  return chunk;
}

/**
 * The build's last word on the inlined first load, run on the final texts (after terser): throws
 * an InlineError naming the binding or chunk when a published binding is assigned after start-up,
 * or a lazy chunk reads a name the first load does not publish (first-load-checks.mjs).
 * @param {string} root the directory metafile paths are relative to
 * @param {Record<string, unknown>} outputs esbuild's metafile outputs
 * @param {string} chunk the first-load chunk's metafile path (inlinableFirstLoad's answer)
 * @param {string} entry the entry's metafile path (gone by now)
 */
export function checkInlinedChunks(root, outputs, chunk, entry) {
  const lazy = Object.keys(outputs)
    .filter((f) => f.endsWith('.js') && f !== entry && f !== chunk)
    .map((f) => ({ where: f, code: readFileSync(join(root, f), 'utf8') }));
  assertFirstLoad(readFileSync(join(root, chunk), 'utf8'), lazy);
}

/**
 * index.html and the CSP sources for its inline blocks. Order matters: the early start first,
 * before any stylesheet (a script after one waits for it), then the stylesheet, the app, and last
 * the fallback's file, so it runs after the app. `extraStyles` are texts the app adds as inline
 * stylesheets later (the rich-body rules), allowed by hash too.
 * @param {{ early: string, css: string, app: string, fallbackUrl: string, extraStyles?: string[] }} parts
 * @returns {{ html: string, inline: { scripts: string[], styles: string[] } }}
 */
export function firstLoadDocument({ early, css, app, fallbackUrl, extraStyles = [] }) {
  assertScript(early, 'the early start');
  assertScript(app, 'the first-load code');
  if (/<\/style/i.test(css)) throw new InlineError('the first-load stylesheet contains "</style"');
  const html = [
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8">',
    `<script>${early}</script>`,
    '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Notes</title>',
    `<style>${css}</style>`,
    '</head><body class="theme-blue custom-typography font-size-medium"><div id="app"></div>',
    `<script type="module">${app}</script>`,
    `<script type="module" src="${fallbackUrl}"></script>`,
    '</body></html>',
  ].join('');
  const inline = {
    scripts: [cspHash(early), cspHash(app)],
    styles: [css, ...extraStyles].map((text) => cspHash(text)),
  };
  return { html, inline };
}
