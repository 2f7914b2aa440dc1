// The unit phase's runner: uvu's test files shared out over a few worker processes (unit-worker.mjs),
// one file at a time, the slowest first (as the last run timed them), so the machine's cores all
// work and a file that waits (a child process, a socket) doesn't hold the others up. Each file's
// output is printed whole when it ends; the closing counts are uvu's (Total / Passed / Skipped),
// which test/run.mjs reads. A worker that dies fails the file it was running (and its output so far
// is lost, its stderr is not), and a fresh worker takes up the rest.
//
// `node test/support/unit-pool.mjs [pattern]` runs it alone; NOTES_UNIT_WORKERS sets the count.
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'uvu/parse';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./unit-worker.mjs', import.meta.url));
/** Each file's duration in the last run, to start the slow ones first. */
const TIMES = join(ROOT, '.test-artifacts', 'unit-times.json');

/**
 * Workers: one more than the cores, as many files spend part of their time waiting on a child
 * process, a socket or the disk rather than computing.
 */
const defaultWorkers = () => Number(process.env.NOTES_UNIT_WORKERS) || availableParallelism() + 1;

const readTimes = () => {
  try {
    return JSON.parse(readFileSync(TIMES, 'utf8'));
  } catch {
    return {};
  }
};

/**
 * Runs every test file uvu would find for `dir`, `pattern` and `ignore` and resolves with uvu's
 * counts; `failed` counts failing tests plus files that could not finish. `env`: the workers'.
 */
export async function runUnitPool({
  dir = 'test',
  pattern = '\\.test\\.tsx?$',
  ignore = ['^(browser|webkit)'],
  workers = defaultWorkers(),
  timesKey = '',
  env = process.env,
} = {}) {
  const started = performance.now();
  const { suites } = await parse(dir, pattern, { cwd: ROOT, ignore });
  const last = readTimes();
  // The slowest first; a file with no time yet counts by its size (a new file is rarely the slowest).
  const key = (s) => (timesKey ? `${timesKey}:${s.name}` : s.name);
  const weight = (s) => last[key(s)] ?? statSync(s.file).size / 1000;
  const queue = [...suites].sort((a, b) => weight(b) - weight(a));
  const times = {};
  const totals = { total: 0, passed: 0, skipped: 0, crashed: 0 };

  const runWorker = () =>
    new Promise((resolve) => {
      const child = fork(WORKER, [], {
        cwd: ROOT,
        execArgv: ['--import', 'tsx', '--import', './test/support/react-alias.mjs'],
        env: { ...env, NO_COLOR: '1' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let current = null;
      let ready = false;
      const next = () => {
        current = queue.shift() ?? null;
        if (current) child.send(current);
        else child.kill();
      };
      child.on('message', (m) => {
        if (m.ready) {
          ready = true;
          return next();
        }
        times[key(current)] = Math.round(m.ms);
        process.stdout.write(`${current.name}\n${m.output.replace(/^\n+/, '')}\n`);
        totals.total += m.total;
        totals.passed += m.passed;
        totals.skipped += m.skipped;
        next();
      });
      child.on('exit', (code, signal) => {
        if (current) {
          console.log(`${current.name}\n  FAIL  the worker running it ended (${signal ?? `exit ${code}`})\n`);
          totals.total += 1; // counted as one failed test, so the phase fails
          totals.crashed += 1;
          current = null;
        }
        // A worker that could not even start would fail the same way again: the files left fail below.
        resolve(ready && queue.length ? runWorker() : undefined);
      });
    });

  await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, runWorker));
  for (const s of queue.splice(0)) {
    console.log(`${s.name}\n  FAIL  not run: no worker could start\n`);
    totals.total += 1;
    totals.crashed += 1;
  }
  mkdirSync(dirname(TIMES), { recursive: true });
  // Read again: another pool may have written its times since this one started (test/run.mjs runs two at once).
  writeFileSync(TIMES, `${JSON.stringify({ ...readTimes(), ...times }, null, 1)}\n`);
  const ms = (performance.now() - started).toFixed(2);
  console.log(
    `\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${ms}ms (${workers} workers)\n`,
  );
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { total, passed, skipped } = await runUnitPool(process.argv[2] ? { pattern: process.argv[2] } : {});
  process.exitCode = total - passed - skipped > 0 || passed === 0 ? 1 : 0;
}
