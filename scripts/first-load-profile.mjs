#!/usr/bin/env node
// What the first load's app chunk is made of (issue 14, docs/budgets.md "Profile"): builds like
// build.mjs into a temporary directory and reads esbuild's metafile for the one first-load chunk —
// each module's bytes in it (after esbuild's minification, before terser's), summed per package or
// src/ folder, with a brotli share estimated at the chunk's own ratio. Libraries' real shares are
// measured by leaving each out (docs/budgets.md); this list says where to look.
// Usage: node scripts/first-load-profile.mjs [--modules N]   (N: how many modules to list, 40)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, resolveOptions } from '../build.mjs';

/**
 * The metafile inputs of `chunk`, each as `{ module, group, bytes }`, largest first. A module under
 * node_modules is grouped by its package (`preact`, `@preact/signals-core`), one of ours by its
 * src/ folder (`src/notes`).
 * @param {{ outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }} metafile
 * @param {string} chunk the chunk's metafile path
 */
export function chunkModules(metafile, chunk) {
  const inputs = metafile.outputs[chunk]?.inputs;
  if (!inputs) throw new Error(`no chunk ${chunk} in the metafile`);
  return Object.entries(inputs)
    .map(([path, { bytesInOutput }]) => {
      const inPackage = path.split('node_modules/').at(-1) ?? path;
      const parts = inPackage.split('/');
      const group = path.includes('node_modules/')
        ? parts.slice(0, parts[0]?.startsWith('@') ? 2 : 1).join('/')
        : parts.slice(0, parts[0] === 'src' && parts.length > 2 ? 2 : 1).join('/');
      return { module: path.includes('node_modules/') ? inPackage : path, group, bytes: bytesInOutput };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * Sums modules per group, largest first, with a brotli estimate at `ratio` (the chunk's brotli ÷
 * raw size).
 * @param {{ group: string, bytes: number }[]} modules
 * @param {number} ratio
 */
export function groupTotals(modules, ratio) {
  const totals = new Map();
  for (const m of modules) totals.set(m.group, (totals.get(m.group) ?? 0) + m.bytes);
  return [...totals]
    .map(([group, bytes]) => ({ group, bytes, brotli: Math.round(bytes * ratio) }))
    .sort((a, b) => b.bytes - a.bytes);
}

if (process.argv[1]?.endsWith('first-load-profile.mjs')) {
  const { values } = parseArgs({ options: { modules: { type: 'string', default: '40' } } });
  const dir = mkdtempSync(join(tmpdir(), 'notes-profile-'));
  try {
    const result = await build(resolveOptions(['--out', dir, '--quiet']));
    const root = fileURLToPath(new URL('..', import.meta.url));
    const file = relative(dir, join(root, result.firstLoadChunk)).split('\\').join('/');
    const chunkFile = result.files.find((f) => f.file === file);
    if (!chunkFile) throw new Error(`the first-load chunk ${file} is not among the files`);
    const modules = chunkModules(result.metafile, result.firstLoadChunk);
    const ratio = chunkFile.brotli / chunkFile.raw;
    const pad = (v, n) => String(v).padStart(n);
    console.log(
      `first-load chunk ${chunkFile.file}: ${chunkFile.raw} B raw, ${chunkFile.brotli} B brotli alone (ratio ${ratio.toFixed(3)})`,
    );
    console.log('\n  esbuild B  ≈ brotli B  group');
    for (const g of groupTotals(modules, ratio))
      console.log(`${pad(g.bytes, 11)}  ${pad(g.brotli, 10)}  ${g.group}`);
    console.log('\n  esbuild B  module');
    for (const m of modules.slice(0, Number(values.modules))) console.log(`${pad(m.bytes, 11)}  ${m.module}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
