// Output files of build.mjs: precompression beside each asset, and the size table it prints.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Writes .gz and .br beside a file and returns its three sizes. */
export function compress(file) {
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.gz`, gz);
  writeFileSync(`${file}.br`, br);
  return { raw: raw.length, gzip: gz.length, brotli: br.length };
}

/** Every file under `dir`, leaving out the .gz/.br siblings. */
export const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.(gz|br)$/.test(e.name) ? [] : [join(dir, e.name)],
  );

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
