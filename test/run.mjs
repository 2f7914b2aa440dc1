#!/usr/bin/env node
// The test entry point (`npm test`): unit tests (uvu + linkedom, Node only: no socket, server or
// child process), then the servers' tests (test/server, the notes service on SQLite and
// PostgreSQL; test/harness, the harness's servers and CLI: real sockets and processes) side by
// side with a fresh build with the test hooks (in .test-artifacts/dist-browser or NOTES_TEST_DIST)
// and the core flows in Debian's Firefox ESR (the files in FIREFOX_FILES, `NOTES_BROWSER=firefox`),
// then every browser test in Debian's Chromium through playwright-core, then the WebKit smoke test
// (WebKitGTK's MiniBrowser through WebKitWebDriver under xvfb-run). Each phase's files run in
// worker processes; `node test/run.mjs firefox webkit` runs only those. The last line is the
// combined "N passed, N failed" that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { runUnitPool } from './support/unit-pool.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const phases = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wanted = phases.length ? phases : ['unit', 'server', 'browser', 'firefox', 'webkit'];
const uvuBin = fileURLToPath(new URL('../node_modules/uvu/bin.js', import.meta.url));
// The builds the tests make reuse terser's output for code it already minified (scripts/minify-cache.mjs).
process.env.NOTES_BUILD_CACHE ??= join(root, '.test-artifacts', 'build-cache');

/**
 * The browser test files that run in Firefox too (test/browser/<name>.test.ts): first notes,
 * add/edit/delete/Undo, SEEK (home), storage refused, the editor and its drafts, the service
 * worker, /view and its search, and the Review flow. axe runs in Chromium (every screen, light,
 * dark and forced colours). To keep CI under 25 minutes on 2 CPUs, four kinds of Firefox run are
 * out, to come back on a bigger machine: the axe files (about 95 s), the course screens and
 * export, the sanitiser's unit cases in the browser (about 70 s together), the XSS vectors and
 * the outbox's retries (out on 2026-11-28, when fresh-clone CI runs took 1,485 and 1,494 s of
 * their 1,500; the outbox's 74 s in Firefox were the most of any file but home's: its retries,
 * offline queue and conflicts are the app's own logic, run in Chromium, while what Firefox does
 * differently there, its storage, stays covered by storage-refused and editor-drafts).
 * Inside them, a test that needs a Chromium-only feature is registered with `chromiumOnly`
 * (test/browser/support/engine.ts), which says why; so are home's tests of the app's answers to
 * token and API failures (`SAME_IN_EVERY_ENGINE`, out on 2026-11-28 after a CI run of 1,465 s:
 * about 50 s of this phase, which is longer than the server phase beside it). The other files are Chromium's: they go
 * beyond the core flows (app shell, early start, dropped requests, kept copy, frames, images,
 * watchdog, base path, harness, real portal), and several read request bodies, which
 * playwright-core's BiDi backend does not report.
 */
const FIREFOX_FILES = [
  'home',
  'storage-refused',
  'editor',
  'editor-drafts',
  'service-worker',
  'view',
  'review',
  'first-press',
];

/** What each engine needs from Debian: the file that shows it is there, and its package. */
const NEEDS = {
  browser: [[process.env.CHROMIUM_PATH || '/usr/bin/chromium', 'chromium']],
  firefox: [[process.env.FIREFOX_PATH || '/usr/bin/firefox-esr', 'firefox-esr']],
  webkit: [
    ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
    ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', 'webkit2gtk-driver'],
    ['/usr/bin/xvfb-run', 'xvfb'],
  ],
};

/** Runs uvu over `dir` and returns its counts, echoing its output live. */
function runUvu(label, dir, extra = [], pattern = '\\.test\\.tsx?$') {
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
      pattern,
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

/**
 * Makes sure every browser the wanted phases need is installed: as root with apt (one
 * `apt-get install` for all that is missing), else one line saying exactly what to install.
 */
function ensureBrowsers() {
  const missing = () => wanted.flatMap((phase) => (NEEDS[phase] ?? []).filter(([path]) => !existsSync(path)));
  const packages = () => [...new Set(missing().map(([, pkg]) => pkg))];
  if (packages().length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing Debian ${packages().join(' ')} for the browser tests (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages()], { stdio: 'inherit', env });
    if (packages().length === 0) return true;
  }
  console.error(
    `Browser tests need ${missing()
      .map(([path]) => path)
      .join(', ')}: run 'apt-get update && apt-get install -y ${packages().join(' ')}' as root.`,
  );
  return false;
}

/**
 * Runs the browser test files through the unit pool (test/support/unit-pool.mjs): the same uvu
 * semantics as `uvu test/browser`, each file's output whole and its time kept, over
 * NOTES_BROWSER_WORKERS workers (default 1: on 2 CPUs a browser file keeps both busy, so a second
 * worker only doubles each file's time; docs/decisions.md "Test phases"). `skip`: an ignore pattern on
 * paths under test/ for the files this engine leaves out; `engine`: NOTES_BROWSER for its workers.
 */
function runBrowserPool(label, skip, engine) {
  return runPhase(label, {
    dir: 'test',
    ignore: ['^(?!browser(/|$))', '^browser/support', ...(skip ? [skip] : [])],
    pattern: '\\.test\\.ts$',
    workers: Number(process.env.NOTES_BROWSER_WORKERS) || 1,
    timesKey: label,
    env: { ...process.env, NOTES_BROWSER: engine },
  });
}

/**
 * One phase through the unit pool (`options` as runUnitPool takes them): prints its
 * "label: N passed, N failed (Ns)" line and resolves with its counts (a phase that ran nothing fails).
 */
async function runPhase(label, options) {
  const started = Date.now();
  const { total, passed, skipped } = await runUnitPool(options);
  const failed = total - passed - skipped;
  console.log(
    `${label}: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
  return { passed, failed: failed > 0 || passed > 0 ? failed : 1 };
}

let passed = 0;
let failed = 0;
const tally = (r) => {
  passed += r.passed;
  failed += r.failed;
};

if (wanted.includes('unit')) {
  // uvu's files over a few worker processes (test/support/unit-pool.mjs), with uvu's counts.
  tally(await runPhase('unit', { ignore: ['^(browser|webkit|server|harness)'] }));
}
/**
 * The servers: the notes service (test/server) on SQLite and PostgreSQL, and the harness
 * (test/harness: its API, app and portal servers, fault proxy, check-api and bin), with real
 * databases, sockets and child processes, so a phase of its own that the unit phase's speed
 * doesn't hide. PostgreSQL comes from scripts/start-postgres.sh (CI runs it).
 */
function runServerPhase() {
  const env = { ...process.env };
  delete env.NOTES_BROWSER;
  return runPhase('server', { dir: 'test', ignore: ['^(?!server|harness)', '^server/support'], env });
}

/** Runs `node args…` in the repo without blocking the event loop (the pools run meanwhile). */
const nodeRun = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });

/**
 * The browser build, then the Firefox phase: started beside the server phase, as Firefox keeps
 * about 1.2 of CI's 2 CPUs busy and the server phase's files fill the rest (docs/decisions.md
 * "Test phases"). Resolves with the build's success and Firefox's counts (null when not wanted).
 */
async function buildThenFirefox(dist) {
  // A private development build with the test hooks (the editor's fault injection) and local
  // parents (the tests' portal is on localhost): dist/ stays a release build.
  const status = await nodeRun(['build.mjs', '--quiet', '--test-hooks', '--local-parents', '--out', dist]);
  if (status !== 0) return { built: false, firefox: null };
  if (!wanted.includes('firefox')) return { built: true, firefox: null };
  const skip = `^browser/(?!(${FIREFOX_FILES.join('|')})\\.test\\.ts$)[^/]+$`;
  return { built: true, firefox: await runBrowserPool('firefox', skip, 'firefox') };
}

const browserPhases = ['browser', 'firefox', 'webkit'].filter((p) => wanted.includes(p));
const browsersReady = browserPhases.length > 0 && ensureBrowsers();
if (browserPhases.length && !browsersReady) failed += 1;
const dist = process.env.NOTES_TEST_DIST || join(root, '.test-artifacts', 'dist-browser');
process.env.NOTES_TEST_DIST = dist;
const [server, browserSide] = await Promise.all([
  wanted.includes('server') ? runServerPhase() : null,
  browsersReady ? buildThenFirefox(dist) : null,
]);
if (server) tally(server);
if (browserSide && !browserSide.built) {
  console.error('browser: the build failed, so no browser test could run');
  failed += 1;
} else if (browserSide) {
  if (browserSide.firefox) tally(browserSide.firefox);
  if (wanted.includes('browser')) tally(await runBrowserPool('browser', null, 'chromium'));
  if (wanted.includes('webkit')) tally(runUvu('webkit', 'test/webkit', []));
}
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
