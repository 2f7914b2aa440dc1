#!/usr/bin/env node
// The `notes-server` bin. It bundles the TypeScript CLI (src/cli/run.ts) into one ES module with
// esbuild (a dependency already: the app's build), packages left as imports, and runs it in this
// very process (no child, so SIGTERM reaches the service itself). Running the sources through tsx's
// loader instead keeps tsx's loader thread, a second V8 isolate, alive for the process's life:
// ≈ 55 MB of RSS, measured, a quarter of issue 25's memory budget. The bundle is named by its
// content hash and written once (temp file, then rename), so servers starting together agree on it,
// and earlier versions' bundles over an hour old are removed then;
// where the folder can't be written, tsx runs the sources as before.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The bundle's path, written if missing; null when it can't be made. */
async function bundle() {
  try {
    const { build, stop } = await import('esbuild');
    const result = await build({
      entryPoints: [join(here, 'src/cli/run.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      outfile: 'run.mjs',
      logLevel: 'silent',
    });
    await stop(); // esbuild's service process isn't needed once the bundle is made
    const code = result.outputFiles[0].contents;
    const dir = join(here, '.bundle');
    const file = join(dir, `run-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, code);
      renameSync(temp, file);
      // Earlier versions' bundles, unless recent (a server of that version may be starting now).
      for (const name of readdirSync(dir)) {
        const old = join(dir, name);
        try {
          if (old !== file && Date.now() - statSync(old).mtimeMs > 3_600_000) rmSync(old, { force: true });
        } catch {} // another server removed it first
      }
    }
    return file;
  } catch {
    return null;
  }
}

const file = await bundle();
if (file) await import(pathToFileURL(file).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./src/cli/run.ts');
}
