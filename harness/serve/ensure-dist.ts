/**
 * Builds `dist/` before serving when it is missing or older than its sources (any file under
 * src/, locales/ or scripts/, or build.mjs), so `harness serve` always shows the code on disk;
 * and when it is a release build, which refuses the harness's localhost portal: the harness
 * builds a development build (`--local-parents`). Also when `NOTES_IMAGE_ORIGINS` names an origin
 * the build's CSP `img-src` lacks: the build reads that env, so setting it is how `harness serve`
 * passes image origins on (README "Images").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseImageOrigins } from '../../scripts/image-origins.mjs';

/** Why a build is needed, or null when dist/ is up to date. */
export function staleReason(
  root: string,
  distDir: string = join(root, 'dist'),
  env: NodeJS.ProcessEnv = process.env,
): string | null {
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
  if (!acceptsLocalParents(distDir))
    return `${relative(root, distDir) || distDir} is a release build (no local parents)`;
  const missing = missingImageOrigins(distDir, env.NOTES_IMAGE_ORIGINS ?? '');
  return missing.length ? `NOTES_IMAGE_ORIGINS has ${missing.join(', ')}, not in the build's img-src` : null;
}

/**
 * The origins of `wanted` (a NOTES_IMAGE_ORIGINS value) that the CSP `img-src` of the build in
 * `distDir` lacks. A value the build would refuse counts as missing too: the build then says why.
 */
function missingImageOrigins(distDir: string, wanted: string): string[] {
  if (!wanted.trim()) return [];
  let origins: string[];
  try {
    origins = parseImageOrigins(wanted, true);
  } catch {
    return [wanted];
  }
  const imgSrc = cspOf(distDir)
    .split(/;\s*/)
    .find((d) => d.startsWith('img-src '))
    ?.split(/\s+/);
  return origins.filter((o) => !imgSrc?.includes(o));
}

/** The CSP in the build's headers.json, or '' when there is none. */
function cspOf(distDir: string): string {
  try {
    const data = JSON.parse(readFileSync(join(distDir, 'headers.json'), 'utf8')) as {
      headers?: Record<string, string>;
    };
    return data.headers?.['Content-Security-Policy'] ?? '';
  } catch {
    return '';
  }
}

/**
 * Whether the build in `distDir` lets a localhost page frame it, read from its `headers.json`
 * (`frame-ancestors` lists the local hosts only in a `--local-parents` build).
 */
function acceptsLocalParents(distDir: string): boolean {
  return cspOf(distDir).includes('http://localhost:*');
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

/**
 * Builds when stale; `log` says why. `build` is injectable so tests need no real build. One build
 * at a time per checkout: a second `harness serve` started meanwhile waits for the first's build
 * (the lock file .harness/dist-build.lock holds its pid) and then uses it, instead of building
 * into the same dist/ beside it (which failed with ENOTEMPTY). A lock whose process is gone is
 * taken over.
 */
export async function ensureDist(
  root: string,
  log: (line: string) => void,
  build: (root: string) => Promise<void> = runBuild,
  env: NodeJS.ProcessEnv = process.env,
  pollMs = 250,
): Promise<void> {
  if (staleReason(root, join(root, 'dist'), env) === null) return;
  const release = await buildLock(root, log, pollMs);
  try {
    const reason = staleReason(root, join(root, 'dist'), env); // the other build may have done it
    if (reason === null) return;
    log(`harness: building dist/ (${reason})…`);
    await build(root);
  } finally {
    release();
  }
}

/** Whether process `pid` is alive (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

/** Takes the checkout's build lock, waiting while a live process holds it; returns its release. */
async function buildLock(root: string, log: (line: string) => void, pollMs: number): Promise<() => void> {
  const dir = join(root, '.harness');
  const lock = join(dir, 'dist-build.lock');
  mkdirSync(dir, { recursive: true });
  let said = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
    const holder = Number(readFileSync(lock, 'utf8').trim());
    if (!Number.isInteger(holder) || holder <= 0 || !alive(holder)) {
      rmSync(lock, { force: true }); // left by a build that died
      continue;
    }
    if (!said) log(`harness: waiting for the build another serve (pid ${holder}) is running…`);
    said = true;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
