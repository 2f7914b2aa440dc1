/**
 * `npm run bench:server` (issue 25): 1,000,000 notes across 10,000 learners (one with 10,000) in a
 * SQLite file — made once and kept under .test-artifacts/bench-server/, a fresh copy per run — and,
 * with `--engine postgres|both`, copied into a fresh PostgreSQL database. Then autocannon, on this
 * machine over loopback, loads each call at saturation (throughput) and at a fixed offered rate
 * (p50/p95/p99), with Fastify's bare hello world in the same run as the ceiling, and the service's
 * RSS sampled throughout.
 *
 *   npm run bench:server -- [--engine sqlite|postgres|both] [--seconds 10] [--connections 10]
 *                           [--write-connections 100] [--quick]
 *
 * `--connections`: every closed-loop run's. The adds' saturation is the better of that and
 * `--write-connections`: a durable add waits for a shared fsync (group commit), so 10 connections
 * leave the service idle between groups; reads are CPU-bound, and more connections only queue.
 *
 * `--quick` makes 100,000 notes over 1,000 learners (still one with 10,000) for a trial run.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase } from '../../server/src/store/operations.ts';
import { createPostgresDatabase } from '../../test/server/support/postgres.ts';
import { type BenchShape, FULL_SHAPE } from './bench-data.ts';
import { helloCall, notesCalls } from './calls.ts';
import { isLoaded, loadPostgres, loadSqlite } from './load-data.ts';
import type { Call } from './load-runs.ts';
import { type LoadFigures, runLoad, runSaturation, type Saturation } from './load-runs.ts';
import { runPaced } from './paced-load.ts';
import { memoryOf, type Running, sampleMemory, startServer } from './processes.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'write-connections': { type: 'string', default: '100' },
    quick: { type: 'boolean', default: false },
  },
});
const engines = values.engine === 'both' ? ['sqlite', 'postgres'] : [values.engine ?? 'sqlite'];
for (const e of engines) if (e !== 'sqlite' && e !== 'postgres') throw new Error(`--engine: ${e}?`);
const seconds = Number(values.seconds);
const count = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: ${value}? (a whole number of connections)`);
  return n;
};
const connections = count('connections', values.connections);
/** The connection counts an add's saturation is the best of; a read's is `connections` alone. */
const writeLadder = [connections, count('write-connections', values['write-connections'])];
/** Which of the calls (calls.ts order) write, and wait for the shared fsync. */
const WRITES = new Set([2]);
const shape: BenchShape = values.quick
  ? { learners: 1000, notes: 100_000, bigLearnerNotes: 10_000 }
  : FULL_SHAPE;

/** The fixed offered rate per call (req/s), from the goals; the collection has none, so 200. */
const FIXED_RATE = [200, 50, 200, 200];
const SECRET = 'notes-server-bench-secret';
const root = resolve(import.meta.dirname, '../..');
const dir = join(root, '.test-artifacts', 'bench-server');
mkdirSync(dir, { recursive: true });
const log = (line: string) => console.log(line);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The kept data set, made when missing or incomplete. */
async function dataFile(): Promise<string> {
  const file = join(dir, `notes-${shape.learners}-${shape.notes}.db`);
  if (existsSync(file) && (await isLoaded(file, shape))) return file;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  log(
    `making ${shape.notes.toLocaleString('en')} notes for ${shape.learners.toLocaleString('en')} learners in ${file}`,
  );
  const made = await loadSqlite(file, shape, new Date(), log);
  log(`  done: ${made.notes.toLocaleString('en')} notes in ${made.seconds.toFixed(0)} s`);
  return file;
}

/**
 * One call's figures. `fixed`: paced, one request every 1000/rate ms (paced-load.ts); `burst`:
 * autocannon's overallRate; `rssPeak`: the service's RSS at most during this call's runs.
 */
type Row = {
  call: string;
  saturation: Saturation;
  fixed: LoadFigures;
  burst: LoadFigures;
  rate: number;
  rssPeak: number;
};

/** The offered-load runs of one call: paced (the goal's figure) and autocannon's per-second bursts. */
async function atRate(call: Call, rate: number): Promise<{ fixed: LoadFigures; burst: LoadFigures }> {
  const fixed = await runPaced(call, { rate, seconds, sockets: 50 });
  const burst = await runLoad(call, { connections, seconds, rate });
  return { fixed, burst };
}
type EngineResult = { engine: string; hello: Saturation; rows: Row[]; rssIdle: number; rssPeak: number };

const tsx = ['--import', 'tsx'];

async function benchEngine(engine: string, data: string, work: string): Promise<EngineResult> {
  let databaseUrl = data;
  let drop = async () => {};
  if (engine === 'sqlite') {
    databaseUrl = join(work, 'notes.db');
    copyFileSync(data, databaseUrl);
  } else {
    const pgdb = await createPostgresDatabase();
    // An autovacuum worker busy with the new rows can refuse the forced drop for a while: retry, then
    // say what to drop by hand rather than lose the run's figures.
    drop = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await pgdb.drop();
        } catch (e) {
          if (attempt === 5) {
            log(
              `could not drop ${new URL(pgdb.url).pathname.slice(1)} (${(e as Error).message}); drop it by hand`,
            );
            return;
          }
          await new Promise((r) => setTimeout(r, 3000));
        }
      }
    };
    log(`copying the data into PostgreSQL (${pgdb.url.replace(/:[^:@/]+@/, ':***@')})`);
    const copied = await loadPostgres(pgdb.url, data);
    log(`  done: ${copied.notes.toLocaleString('en')} notes in ${copied.seconds.toFixed(0)} s`);
    databaseUrl = pgdb.url;
  }
  const hello = await startServer([...tsx, join(root, 'bench/server/hello-server.ts')]);
  let notes: Running | undefined;
  try {
    const helloFigures = await runSaturation(helloCall(hello.url), [connections], seconds);
    log(
      `${engine}: hello world ${helloFigures.figures.okPerSecond.toFixed(0)} req/s (${helloFigures.connections} connections)`,
    );
    await hello.stop();
    const filesDir = join(work, `files-${engine}`);
    mkdirSync(filesDir, { recursive: true });
    // The durable service is notes-server itself (dev tokens, default limits, JSON logs on stderr);
    // the CLI has no synchronous setting, so the NORMAL comparison runs the same parts (serve-notes.ts).
    const serve = (synchronous: 'full' | 'normal') =>
      startServer(
        synchronous === 'full'
          ? [
              join(root, 'server/bin.mjs'),
              'serve',
              '--dev',
              '--secret',
              SECRET,
              '--database',
              databaseUrl,
            ].concat(['--port', '0', '--files-dir', filesDir])
          : [
              ...tsx,
              join(root, 'bench/server/serve-notes.ts'),
              '--database',
              databaseUrl,
              '--secret',
              SECRET,
            ].concat([
              '--files-dir',
              filesDir,
              '--synchronous',
              'normal',
              '--log',
              join(work, 'server-normal.log'),
            ]),
      );
    notes = await serve('full');
    const rssIdle = memoryOf(notes.pid)?.rss ?? Number.NaN;
    const memory = sampleMemory(notes.pid);
    const rows: Row[] = [];
    const calls = notesCalls(notes.url, SECRET, shape);
    for (const [i, call] of calls.entries()) {
      const callMemory = sampleMemory(notes.pid);
      await runLoad(call, { connections, seconds: 2 }); // warm-up
      const saturation = await runSaturation(call, WRITES.has(i) ? writeLadder : [connections], seconds);
      const rate = FIXED_RATE[i] ?? 100;
      const { fixed, burst } = await atRate(call, rate);
      rows.push({ call: call.name, saturation, fixed, burst, rate, rssPeak: callMemory.stop() });
      const notOk = saturation.figures.notOk + fixed.notOk + burst.notOk;
      log(
        `${engine}: ${call.name}: ${saturation.figures.okPerSecond.toFixed(0)} req/s (${saturation.connections} connections); at ${rate} req/s paced p50/p95/p99 ` +
          `${fixed.p50.toFixed(1)}/${fixed.p95.toFixed(1)}/${fixed.p99.toFixed(1)} ms, bursts p95 ${burst.p95.toFixed(1)} ms` +
          (notOk > 0 ? `; ${notOk} answers not 2xx` : ''),
      );
    }
    const rssPeak = memory.stop();
    if (engine === 'sqlite') {
      // What synchronous=FULL costs: the same add with NORMAL (safe from a process crash, not from
      // power loss: the last commits may be lost, the file stays consistent).
      await notes.stop();
      notes = await serve('normal');
      const add = notesCalls(notes.url, SECRET, shape)[2];
      if (add) {
        await runLoad(add, { connections, seconds: 2 });
        const saturation = await runSaturation(add, writeLadder, seconds);
        const { fixed, burst } = await atRate(add, 200);
        rows.push({
          call: 'add with synchronous=NORMAL (not durable on power loss)',
          saturation,
          fixed,
          burst,
          rate: 200,
          rssPeak: Number.NaN, // another process (serve-notes.ts): not the service's figure
        });
        log(
          `${engine}: add, synchronous=NORMAL: ${saturation.figures.okPerSecond.toFixed(0)} req/s (${saturation.connections} connections); p95 ${fixed.p95.toFixed(1)} ms`,
        );
      }
    }
    return { engine, hello: helloFigures, rows, rssIdle, rssPeak };
  } finally {
    await hello.stop();
    await notes?.stop();
    await drop();
  }
}

function table(result: EngineResult): string {
  const lines = [
    `### ${result.engine} (${shape.notes.toLocaleString('en')} notes; ${connections} connections, the adds' saturation the better of ${writeLadder.join(' and ')}; ${seconds} s per load)`,
    '',
    '| call | saturation 2xx/s | connections | ÷ hello world | offered req/s | p50 ms | p95 ms | p99 ms | bursts p95 ms | not 2xx | bytes/answer | RSS at most |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    `| ${"Fastify's hello world"} | ${result.hello.figures.okPerSecond.toFixed(0)} | ${result.hello.connections} | 1 | – | – | – | – | – | ${result.hello.figures.notOk} | ${result.hello.figures.bytesPerAnswer.toFixed(0)} | – |`,
  ];
  for (const r of result.rows) {
    const sat = r.saturation.figures;
    const ratio = sat.okPerSecond / result.hello.figures.okPerSecond;
    lines.push(
      `| ${r.call} | ${sat.okPerSecond.toFixed(0)} | ${r.saturation.connections} | ${ratio.toFixed(3)} | ${r.rate} | ` +
        `${r.fixed.p50.toFixed(1)} | ${r.fixed.p95.toFixed(1)} | ${r.fixed.p99.toFixed(1)} | ${r.burst.p95.toFixed(1)} | ` +
        `${sat.notOk + r.fixed.notOk + r.burst.notOk} | ${sat.bytesPerAnswer.toFixed(0)} | ${Number.isNaN(r.rssPeak) ? '–' : mb(r.rssPeak)} |`,
    );
  }
  lines.push('', `Service RSS: ${mb(result.rssIdle)} after start, ${mb(result.rssPeak)} at most under load.`);
  return lines.join('\n');
}

const data = await dataFile();
// The kept file is brought to this code's schema once (migration 4's index takes about a minute on
// 1,000,000 notes), so a run's copy starts at once and its start isn't timed with a migration.
const migrated = await migrateDatabase(data);
if (migrated.from !== migrated.to)
  log(`migrated the kept data from schema ${migrated.from} to ${migrated.to}`);
const loadBefore = loadavg()[0] ?? 0;
if (loadBefore > 1.5)
  log(
    `note: load average ${loadBefore.toFixed(1)} on ${availableParallelism()} CPUs — other work shares the machine; the figures will be low`,
  );
const work = mkdtempSync(join(tmpdir(), 'notes-bench-server-'));
const results: EngineResult[] = [];
try {
  for (const engine of engines) results.push(await benchEngine(engine, data, work));
} finally {
  rmSync(work, { recursive: true, force: true });
}
const loads = `Load average (1 min): ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after.`;
const report = `${results.map(table).join('\n\n')}\n\n${loads}`;
console.log(`\n${report}`);
writeFileSync(
  join(dir, 'results.json'),
  `${JSON.stringify({ at: new Date().toISOString(), shape, seconds, connections, writeLadder, loadBefore, results }, null, 2)}\n`,
);
writeFileSync(join(dir, 'results.md'), `${report}\n`);
