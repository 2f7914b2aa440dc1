#!/usr/bin/env node
// The test entry point (`npm test`): unit tests (uvu + linkedom, Node only), then browser tests
// (uvu driving Debian's Chromium through playwright-core against a fresh build with the test hooks,
// in .test-artifacts/dist-browser or NOTES_TEST_DIST). Each phase runs in
// its own process; the last line is the combined "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const phases = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wanted = phases.length ? phases : ['unit', 'browser'];
const uvuBin = fileURLToPath(new URL('../node_modules/uvu/bin.js', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Runs uvu over `dir` and returns its counts, echoing its output live. */
function runUvu(label, dir, extra = []) {
  const started = Date.now();
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './test/support/react-alias.mjs',
      uvuBin,
      dir,
      '\\.test\\.tsx?$',
      '-c',
      'false',
      ...extra,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  const out = stripVTControlCharacters(res.stdout || '');
  process.stdout.write(out);
  const num = (name) => Number((out.match(new RegExp(`${name}:\\s+(\\d+)`)) || [])[1] || 0);
  const total = num('Total');
  const passed = num('Passed');
  let failed = total - passed - num('Skipped');
  if (res.status !== 0 && failed === 0) failed = 1; // a crash before uvu could count still fails
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${label}: ${passed} passed, ${failed} failed (${secs}s)`);
  return { passed, failed };
}

/** Makes sure Chromium is there: installs it as root with apt, else says exactly how. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH) {
    console.log(
      'Chromium is missing: installing Debian chromium (apt-get update && apt-get install -y chromium)…',
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync(CHROMIUM)) return true;
  }
  console.error(
    `Browser tests need Chromium at ${CHROMIUM}. Install it as root with:\n` +
      '  apt-get update && apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  return false;
}

let passed = 0;
let failed = 0;
const tally = (r) => {
  passed += r.passed;
  failed += r.failed;
};

if (wanted.includes('unit')) tally(runUvu('unit', 'test', ['-i', '^browser']));
if (wanted.includes('browser')) {
  if (!ensureChromium()) {
    failed += 1;
  } else {
    // A private development build with the test hooks (the editor's fault injection) and local
    // parents (the tests' portal is on localhost): dist/ stays a release build.
    const dist = process.env.NOTES_TEST_DIST || join(root, '.test-artifacts', 'dist-browser');
    const args = ['build.mjs', '--quiet', '--test-hooks', '--local-parents', '--out', dist];
    const build = spawnSync(process.execPath, args, {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error('browser: the build failed, so no browser test could run');
      failed += 1;
    } else {
      process.env.NOTES_TEST_DIST = dist;
      tally(runUvu('browser', 'test/browser', ['-i', 'support']));
    }
  }
}
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
