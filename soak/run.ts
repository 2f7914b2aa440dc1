/**
 * `npm run soak` (not part of `npm test`): a scripted learner adds, edits and deletes notes through
 * the UI in Chromium against `harness api --fail-rate 0.2 --latency 300`, in two frames (tabs) of
 * one browser, with page reloads, a kill -9 of the API, offline spells and dropped file requests
 * along the way, then waits for the app's outbox to empty and compares every note on the server
 * with the learner's own record, and each frame's list with the server's. Prints
 * `typed N · stored N · lost N · duplicated N · unexpected N`, a line per frame, the details of
 * any difference, and exits 1 on any. See soak/README.md.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '../harness/api/server.ts';
import { TOKEN_PATH } from '../harness/serve/parent-page/page-config.ts';
import { seededRandom } from '../test/support/seeded-random.ts';
import { apiProcess, freePort } from './api-process.ts';
import { dropFilesOnce } from './dropped-files.ts';
import { checkFrame, type FrameDiff, frameLines, sameAsServer } from './frames-check.ts';
import { compare, createLedger, resultLine } from './ledger.ts';
import { offlineSpells } from './offline.ts';
import { parseOptions, USAGE, UsageError } from './options.ts';
import { makePlan } from './plan.ts';
import { soakLearner } from './portal.ts';
import { details, type Milestone, stillQueued } from './report.ts';
import { runSteps } from './run-steps.ts';
import { storedNotes } from './server-notes.ts';
import { settle } from './settle.ts';
import { defaultDist, ensureBuild, startWorld } from './stack.ts';
import { storageWorks } from './ui.ts';
import { recordWire, sentAgain } from './wire-log.ts';

// http-server's bundled `union` trips one deprecation warning (DEP0066) per response; silenced as
// harness/bin.mjs does, every other warning still shows.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const code =
    typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as { code?: string }).code : rest[1];
  if (code !== 'DEP0066') (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
/** Elapsed time as `m:ss`. */
const clock = () => {
  const s = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
const say = (line: string) => console.log(`[${clock()}] ${line}`);

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2), process.env, process.cwd());
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`soak: ${error.message}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const dist = options.dist ?? defaultDist(ROOT);
await ensureBuild(ROOT, dist, say);
const editorChunk = existsSync(join(dist, 'assets'))
  ? readdirSync(join(dist, 'assets')).find((f) => /^editor-.*\.js$/.test(f))
  : undefined;
say(
  `soak: ${options.notes} adds, ${options.edits} edits, ${options.deletes} deletes · fail rate ${options.failRate}, latency ${options.latency} ms · seed ${options.seed}`,
);
const learner = soakLearner(options.tokenTtl);
say(
  options.tokenTtl === null
    ? `portal: the stand-in portal, ${learner.name} with a 12-hour token in the context`
    : `portal: sunbird-cb (no token in the context, AUTH_REQUEST answered), ${learner.name}, tokens expire after ${options.tokenTtl} s`,
);
say(
  `frames: ${options.frames === 2 ? 'two tabs of the learner (A and B)' : 'one'} · offline spells: ${options.offlineSpells || 'none'} · dropped files: ${options.dropFiles ? 'the first request for each lazy file' : 'none'}`,
);
say(
  `build ${dist}: ${editorChunk ? `rich-text editor (${editorChunk})` : 'no editor chunk (plain text area)'}`,
);

const dir = mkdtempSync(join(tmpdir(), 'notes-soak-'));
const dataFile = join(dir, 'notes.db');
await seedDatabase(dataFile, []); // empty: every note the server ends with came from the soak
const api = apiProcess(
  { root: ROOT, dataFile, failRate: options.failRate, latency: options.latency, started },
  await freePort(),
);
const milestones: Milestone[] = [];
const mark = (what: string) => {
  milestones.push({ at: Math.round(performance.now() - started), what });
  say(what);
};
let failed = true;
let world: Awaited<ReturnType<typeof startWorld>> | null = null;
try {
  await api.start();
  say(`notes API (the service in dev mode, faults in its proxy) on ${api.url} (database ${dataFile})`);
  const drops = options.dropFiles ? dropFilesOnce(started) : null;
  world = await startWorld(
    dist,
    api.url,
    options.tokenTtl,
    drops ? (page, origin) => drops.install(page, origin) : undefined,
  );
  const wire = recordWire(world.context, started);
  let minted = 0; // tokens the portal fetched from its /harness/token: one per AUTH_REQUEST answered
  world.context.on('request', (r) => {
    if (new URL(r.url()).pathname === TOKEN_PATH) minted += 1;
  });
  const random = seededRandom(options.seed);
  const ledger = createLedger(random);
  const plan = makePlan(options, random);
  if (options.frames === 2) {
    await world.openTab();
    await world.tabs[0]!.front(); // the learner starts in A; B stays open behind it
  }
  const spells = options.offlineSpells ? offlineSpells(world) : null;
  try {
    const stats = await runSteps({
      world,
      api,
      ledger,
      plan,
      random,
      say,
      mark,
      shape: options,
      wire,
      spells,
    });
    if (!(await storageWorks(await world.frame())))
      say('WARNING: the app frame has no working localStorage: queued writes cannot survive a reload');
    const settled = await settle(world, options.settleMs, say);
    say(
      `learner done: ${stats.summary}${settled.ok ? '' : ` · OUTBOX NOT EMPTY after ${options.settleMs / 1000} s: ${settled.state}`}`,
    );
    const stored = await storedNotes(api.url, learner);
    const result = compare(ledger, stored.notes);
    console.log(`\n${resultLine(result)}`);
    if (stored.total !== stored.notes.length)
      console.log(`(the API's total says ${stored.total}, paging returned ${stored.notes.length})`);
    const frames: FrameDiff[] = [];
    for (const tab of world.tabs) {
      const diff = await checkFrame(tab, stored.notes, 30_000);
      frames.push(diff);
      console.log(frameLines(tab.name, diff, stored.notes.length).join('\n'));
    }
    const text = details(result, { ledger, wire, log: api.log, milestones, queued: settled.queued });
    if (text) console.log(`\n${text}`);
    const waiting = result.differences.filter((d) => stillQueued(d, ledger, settled.queued).length).length;
    if (waiting)
      console.log(
        `\n${waiting} of ${result.differences.length} differences are writes still queued in the outbox: give it longer with --settle`,
      );
    if (world.errors.length)
      console.log(
        `\n${world.errors.length} browser console errors; the last:\n${world.errors.slice(-5).join('\n')}`,
      );
    if (spells) {
      const o = spells.stats;
      console.log(
        `offline: ${o.spells} spells, ${o.seconds} s in all, ${o.aborted} API calls cut off · ${o.noticeShown} of ${o.reloads} reloads offline showed the kept notes with the offline notice${o.noticeMissing.length ? ` (NOT: ${o.noticeMissing.join('; ')})` : ''}`,
      );
    }
    if (drops) console.log(drops.summary());
    const writes = wire.writes.length;
    const lost = api.log.filter((l) => l.line.includes('(lost ')).length;
    const unauthorized = api.log.filter((l) => / 401 \d+ms$/.test(l.line)).length;
    const tokens =
      options.tokenTtl === null
        ? ''
        : ` · ${minted} fresh tokens handed over for AUTH_REQUEST, ${unauthorized} calls answered 401`;
    const again = sentAgain(wire.writes).length;
    console.log(
      `\n${writes} writes sent by the browser, ${again} of them again after the server had confirmed them · API: ${api.log.filter((l) => / 503 \d+ms$/.test(l.line)).length} calls answered 503 before the work, ${lost} after it (lost answers)${tokens} · ${milestones.length} events · ${clock()}`,
    );
    failed =
      result.differences.length > 0 ||
      !settled.ok ||
      stored.total !== stored.notes.length ||
      !frames.every(sameAsServer) ||
      (spells?.stats.noticeMissing.length ?? 0) > 0;
  } finally {
    writeFileSync(join(dir, 'api.log'), api.log.map((l) => `${l.at}\t${l.run}\t${l.line}`).join('\n'));
    writeFileSync(join(dir, 'writes.json'), JSON.stringify(wire.writes, null, 1));
  }
} catch (error) {
  console.error(`\nsoak stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const errors = world?.errors ?? [];
  if (errors.length) console.error(`\nlast browser errors:\n${errors.slice(-10).join('\n')}`);
} finally {
  await world?.close();
  await api.stop();
  if (failed) console.log(`Kept for a look: ${dir} (database, api.log, writes.json)`);
  else rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
