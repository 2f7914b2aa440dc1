/**
 * Builds `dist/` before serving when it is missing or older than its sources (any file under
 * src/, locales/ or scripts/, or build.mjs), so `harness serve` always shows the code on disk;
 * and when it is a release build, which refuses the harness's localhost portal: the harness
 * builds a development build (`--local-parents`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Why a build is needed, or null when dist/ is up to date. */
export function staleReason(root: string, distDir: string = join(root, 'dist')): string | null {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return `${relative(root, index) || index} is missing`;
  const builtAt = statSync(index).mtimeMs;
  const newer = (file: string): boolean => existsSync(file) && statSync(file).mtimeMs > builtAt;
  for (const dir of ['src', 'locales', 'scripts']) {
    const found = newestChange(join(root, dir), newer);
    if (found) return `${relative(root, found)} changed since the last build`;
  }
  const script = join(root, 'build.mjs');
  if (newer(script)) return 'build.mjs changed since the last build';
  return acceptsLocalParents(distDir)
    ? null
    : `${relative(root, distDir) || distDir} is a release build (no local parents)`;
}

/**
 * Whether the build in `distDir` lets a localhost page frame it, read from its `headers.json`
 * (`frame-ancestors` lists the local hosts only in a `--local-parents` build).
 */
function acceptsLocalParents(distDir: string): boolean {
  try {
    const data = JSON.parse(readFileSync(join(distDir, 'headers.json'), 'utf8')) as {
      headers?: Record<string, string>;
    };
    return (data.headers?.['Content-Security-Policy'] ?? '').includes('http://localhost:*');
  } catch {
    return false;
  }
}

/** The first file under `dir` (recursively) for which `isNewer` holds. */
function newestChange(dir: string, isNewer: (file: string) => boolean): string | null {
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = newestChange(path, isNewer);
      if (found) return found;
    } else if (isNewer(path)) {
      return path;
    }
  }
  return null;
}

/**
 * Runs `node build.mjs --quiet --local-parents` in `root` (a development build: the harness's
 * portal is on localhost); rejects with a one-line reason if it fails.
 */
export function runBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!existsSync(join(root, 'build.mjs'))) {
      reject(new Error(`cannot build: ${join(root, 'build.mjs')} does not exist`));
      return;
    }
    const child = spawn(process.execPath, ['build.mjs', '--quiet', '--local-parents'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (err) => reject(new Error(`cannot run the build: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `the build failed (node build.mjs exited with ${signal ?? code}); fix it and run serve again`,
          ),
        );
    });
  });
}

/** Builds when stale; `log` says why. `build` is injectable so tests need no real build. */
export async function ensureDist(
  root: string,
  log: (line: string) => void,
  build: (root: string) => Promise<void> = runBuild,
): Promise<void> {
  const reason = staleReason(root);
  if (reason === null) return;
  log(`harness: building dist/ (${reason})…`);
  await build(root);
}
