/**
 * server/ imports only src/protocol/ from the rest of the repository (issue 25): never the app's
 * other code, the harness or the tests, so the service can be deployed from its folder. One file
 * more is shared on purpose: src/review/schedule.ts, the FSRS adapter the app's Review screen
 * runs too, so an offline rating's predicted card is the server's (issue 27).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = join(ROOT, 'server');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** The app's files the service shares besides src/protocol/. */
const SHARED = ['src/review/schedule.ts'];

test('every relative import in server/ stays in server/ or reaches src/protocol/ (or the shared FSRS adapter)', () => {
  const outside: string[] = [];
  let seen = 0;
  for (const file of files(SERVER)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      seen++;
      const target = relative(ROOT, resolve(dirname(file), m[1] ?? ''));
      if (!target.startsWith('server/') && !target.startsWith('src/protocol/') && !SHARED.includes(target))
        outside.push(`${relative(ROOT, file)} → ${target}`);
    }
  }
  assert.ok(seen > 50, `${seen} imports read`);
  assert.equal(outside, []);
});

test.run();
