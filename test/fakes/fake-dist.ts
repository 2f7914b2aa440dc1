/**
 * A throwaway `dist/` with the shape build.mjs writes (unhashed index.html, hashed assets and
 * locales, `.gz`/`.br` siblings), so app-server tests never depend on a real build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The fake's location and the exact bodies it holds, for assertions. */
export type FakeDist = {
  root: string;
  indexHtml: string;
  script: string;
  scriptPath: string;
  localePath: string;
  remove(): void;
};

const write = (root: string, rel: string, body: string, compressed: boolean): void => {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
  if (!compressed) return;
  writeFileSync(`${file}.gz`, gzipSync(body));
  writeFileSync(`${file}.br`, brotliCompressSync(body));
};

/** Creates the fake dist in `root` (default: a fresh temp folder); call `remove()` in the test's `after`. */
export function createFakeDist(root: string = mkdtempSync(join(tmpdir(), 'notes-fake-dist-'))): FakeDist {
  mkdirSync(root, { recursive: true });
  const indexHtml =
    '<!doctype html><html lang="en"><title>Notes</title><script src="/assets/main-AB12CD34.js"></script></html>';
  const script = `console.log(${JSON.stringify('fake app '.repeat(40))});`;
  const scriptPath = '/assets/main-AB12CD34.js';
  const localePath = '/locales/fr-EF56GH78.json';
  write(root, 'index.html', indexHtml, true);
  write(root, scriptPath, script, true);
  write(root, localePath, JSON.stringify({ 'My notes': 'Mes notes' }), true);
  write(root, 'robots.txt', 'User-agent: *\n', false);
  write(root, '.env', 'SECRET=do-not-serve\n', false);
  return {
    root,
    indexHtml,
    script,
    scriptPath,
    localePath,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
