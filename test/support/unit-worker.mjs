// One worker of the unit pool (unit-pool.mjs), started with tsx and the React alias like uvu's own
// CLI. It runs one test file per message, exactly as uvu's exec() runs a file's suites, and answers
// with the file's counts and its output (captured, so two workers' files never interleave).
import { pathToFileURL } from 'node:url';

globalThis.UVU_DEFER = 1; // suites queue their runs instead of starting at test.run()
// Creates globalThis.UVU_QUEUE, which each suite's run() pushes onto. Its default `test` suite is
// one object for every file of this worker.
const { test: defaultSuite } = await import('uvu');
// turndown picks its HTML parser once, when first imported: the page's `window.DOMParser` if a
// `window` exists then, else its own (domino). Imported here, before any file can install a fake
// window, it picks what it picks when a file runs alone, whichever file of this worker needs it first.
await import('turndown');

globalThis.UVU_INDEX = 0;
/**
 * The globals as the worker started, put back after each file: a file that installs a DOM or fakes
 * `location` then leaves the next file in this worker the same globals it would have had alone, so
 * no result depends on which files ran before it in the same process.
 */
const PRISTINE = new Map(
  Reflect.ownKeys(globalThis).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)]),
);
const same = (a, b) =>
  a !== undefined && a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable;

function restoreGlobals() {
  for (const key of Reflect.ownKeys(globalThis)) {
    if (!PRISTINE.has(key) && Object.getOwnPropertyDescriptor(globalThis, key)?.configurable)
      delete globalThis[key];
  }
  for (const [key, descriptor] of PRISTINE) {
    const now = Object.getOwnPropertyDescriptor(globalThis, key);
    if (!same(now, descriptor) && (now === undefined || now.configurable)) {
      Object.defineProperty(globalThis, key, descriptor);
    }
  }
}

/** The file this worker ran last (tests it adds later land in the default suite before the next). */
let previous = null;

/**
 * Runs, as `name`'s, tests left in uvu's default suite with no test.run() after them, and fails
 * the file for them: they would otherwise run with the next file of this worker that calls
 * test.run(), or never, so a phase's count depended on which files shared a worker.
 */
async function leftovers(name, counts, when) {
  const queue = globalThis.UVU_QUEUE;
  queue.length = 0;
  queue.push([name]);
  defaultSuite.run();
  for (const group of queue) {
    group.shift();
    for (const test of group) {
      // An empty suite still prints "(0 / 0)": its output is kept only when it ran tests.
      const said = [];
      const write = process.stdout.write;
      process.stdout.write = (chunk, encoding, callback) => {
        said.push(String(chunk));
        (typeof encoding === 'function' ? encoding : callback)?.();
        return true;
      };
      let result;
      try {
        result = await test();
      } finally {
        process.stdout.write = write;
      }
      const [errs, ran, skip, max] = result;
      if (max === 0) continue;
      process.stdout.write(said.join(''));
      counts.total += max + 1;
      counts.passed += ran;
      counts.skipped += skip;
      counts.failed = true;
      process.stdout.write(
        `\n  FAIL  ${name}: ${max} test(s) added to uvu's default suite ${when} (they ran here)\n${errs === true ? '' : errs}\n`,
      );
    }
  }
}

/** Runs one file's suites; returns uvu's counts for it and whether any test failed. */
async function runFile(name, file) {
  const counts = { total: 0, passed: 0, skipped: 0, failed: false };
  if (previous) await leftovers(previous, counts, 'after the file had run (found when the next began)');
  previous = name;
  const queue = globalThis.UVU_QUEUE;
  queue.length = 0;
  queue.push([name]);
  globalThis.UVU_INDEX = 0;
  await import(pathToFileURL(file).href);
  for (const group of queue) {
    group.shift(); // the file's name: the pool prints it
    for (const test of group) {
      const [errs, ran, skip, max] = await test();
      counts.total += max;
      counts.passed += ran;
      counts.skipped += skip;
      if (errs.length) {
        process.stdout.write(`\n${errs}\n`);
        counts.failed = true;
      }
    }
  }
  await leftovers(name, counts, 'after its test.run()');
  return counts;
}

process.on('message', async ({ name, file }) => {
  const started = performance.now();
  const chunks = [];
  const write = process.stdout.write;
  process.stdout.write = (chunk, encoding, callback) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    (typeof encoding === 'function' ? encoding : callback)?.();
    return true;
  };
  let result;
  try {
    result = await runFile(name, file);
  } catch (error) {
    // A file that throws while loading: uvu's CLI would stop the whole run; here it is one failure.
    chunks.push(`\n  FAIL  ${name} could not run\n    ${error?.stack ?? error}\n`);
    result = { total: 1, passed: 0, skipped: 0, failed: true };
  } finally {
    process.stdout.write = write;
    restoreGlobals();
  }
  process.send({ file, output: chunks.join(''), ms: performance.now() - started, ...result });
});
process.send({ ready: true });
