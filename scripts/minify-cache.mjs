// terser's output kept on disk by what went in, for the tests' builds: a test run builds the app
// several times (the unit tests' release builds, the browser build, a base-path build), and terser
// is most of each build's time (~75 %). terser is deterministic, so the same code, options and
// terser version always give the same output: a hit is exactly what terser would write. Off unless
// NOTES_BUILD_CACHE names a directory (test/run.mjs sets it); a release build never reads it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { minify } from 'terser';

const TERSER_VERSION = createRequire(import.meta.url)('terser/package.json').version;

/** terser's `minify(code, options)`, answered from `dir` when this input was minified before. */
export async function cachedMinify(code, options, dir = process.env.NOTES_BUILD_CACHE) {
  if (!dir) return (await minify(code, options)).code;
  const key = createHash('sha256')
    .update(JSON.stringify([TERSER_VERSION, options]))
    .update(code)
    .digest('hex');
  const file = join(dir, `${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // not minified yet
  }
  const out = (await minify(code, options)).code;
  if (out) {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`; // another build may write the same entry at once
    writeFileSync(temp, out);
    renameSync(temp, file);
  }
  return out;
}
