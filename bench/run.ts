/**
 * `npm run bench`: the budgets of issues 6, 7 and 8 (docs/budgets.md), measured and printed beside
 * their goals — sizes from a fresh build (sizes.ts, the editor's in editor-size.ts), the peer
 * baseline (bench/baseline/: the same first screen in React 19 + react-dom + react-router, built
 * with the same settings and served by the same server), iframe navigation → first note on Slow 3G
 * and Fast 3G, cold and warm, ours and the baseline interleaved (compare-first-note.ts), ours on
 * Slow 3G with the portal sending ar and hi (first-note-locales.ts; English is the main runs),
 * ours on Slow 3G with the CPU slowed 4× (a low-end phone, issue 26),
 * `Add note` → editor ready (editor-ready.ts), the 10,000-note `/view` (view-10k.ts) and the mock
 * API's throughput (api-throughput.ts). Ends with a Markdown summary table and writes every raw
 * figure to bench/results.json. It never fails on timings (machines are noisy); the size ceiling
 * is held by test/build.test.ts.
 * Env: BENCH_RUNS (first-note runs, cold and warm, each app and profile, default 7),
 * BENCH_LOCALE_RUNS (Slow 3G runs, cold and warm, per locale besides English, default 7),
 * BENCH_EDITOR_RUNS (slow-3G `Add note` → editor ready, each way, default 5), BENCH_VIEW_RUNS
 * (first renders each way, default 5), BENCH_SCROLL_SECONDS (bound on the 10,000-note scroll,
 * default 90).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { sizeTable } from '../build.mjs';
import { buildBaseline } from './baseline/build.ts';
import { launchBenchBrowser } from './browser.ts';
import { measureProfiles, type ProfileTimings } from './compare-first-note.ts';
import { chunkTable, keyTable, scrollTable } from './detail-tables.ts';
import { type EditorReady, measureEditorReady } from './editor-ready.ts';
import { type FirstNoteTimings, measureFirstNote } from './first-note.ts';
import { BENCH_LOCALES, type LocaleTimings, measureLocales } from './first-note-locales.ts';
import { localeTable } from './locale-rows.ts';
import { PROFILES, SLOW_3G_LOW_END } from './network.ts';
import { measureReview1k, type Review1k } from './review-1k.ts';
import { measureSizes } from './sizes.ts';
import { startStack } from './stack.ts';
import { type Results, summaryTable } from './table.ts';
import { measureView10k } from './view-10k.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
/** Runs per locale besides English (Slow 3G, ours only): fewer than RUNS, to keep the bench short. */
const LOCALE_RUNS = Math.max(1, Number(process.env.BENCH_LOCALE_RUNS ?? 7));
const EDITOR_RUNS = Math.max(1, Number(process.env.BENCH_EDITOR_RUNS ?? 5));
const VIEW_RUNS = Math.max(1, Number(process.env.BENCH_VIEW_RUNS ?? 5));
const REVIEW_RUNS = Math.max(1, Number(process.env.BENCH_REVIEW_RUNS ?? 5));
const SCROLL_MS = 1000 * Math.max(5, Number(process.env.BENCH_SCROLL_SECONDS ?? 90));
const cpu = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';

const loadAtStart = loadavg()[0] ?? 0;
const dir = mkdtempSync(join(tmpdir(), 'notes-bench-'));
try {
  const dist = join(dir, 'dist');
  console.log('Building into a private directory…');
  const sizes = await measureSizes(dist);
  console.log(sizes.table);
  console.log(`\n${chunkTable(sizes)}`);

  const base = await buildBaseline(join(dir, 'baseline'));
  const v = base.versions;
  console.log(
    `\nReact baseline (react ${v.react}, react-dom ${v['react-dom']}, react-router ${v['react-router']}):\n${sizeTable(base.files)}`,
  );

  const stack = await startStack(dist, join(dir, 'seeded.db'), base.out);
  // In one process with its portal, the app frame falls under the page's network emulation.
  const browser = await launchBenchBrowser();
  const chromium = browser.version();
  let firstNote: ProfileTimings[];
  let locales: LocaleTimings[];
  let editorReady: EditorReady;
  let lowEnd: FirstNoteTimings;
  try {
    console.log('');
    firstNote = await measureProfiles(
      browser,
      { portalUrl: stack.portalUrl('/'), appOrigin: stack.appOrigin, keepsCopy: true },
      stack.baseline && { portalUrl: stack.baseline.portalUrl('/'), appOrigin: stack.baseline.appOrigin },
      RUNS,
      PROFILES,
    );
    locales = await measureLocales(
      browser,
      (locale) => ({ portalUrl: stack.portalUrl('/', locale), appOrigin: stack.appOrigin, keepsCopy: true }),
      BENCH_LOCALES.filter((l) => l !== 'en'),
      LOCALE_RUNS,
    );
    console.log(`${SLOW_3G_LOW_END.name}, English: ${RUNS} cold and ${RUNS} warm loads of ours…`);
    const ours = { portalUrl: stack.portalUrl('/'), appOrigin: stack.appOrigin, keepsCopy: true };
    lowEnd = await measureFirstNote(browser, ours, RUNS, SLOW_3G_LOW_END);
    for (const failure of lowEnd.failures ?? []) console.log(`  sample failed: ${failure}`);
    console.log(
      `Slow 3G, \`Add note\` → editor ready: ${EDITOR_RUNS} presses at the first note and ${EDITOR_RUNS} after the idle prefetch, each in a fresh context…`,
    );
    editorReady = await measureEditorReady(browser, stack.portalUrl('/'), stack.appOrigin, EDITOR_RUNS);
    for (const failure of editorReady.failures) console.log(`editor sample failed: ${failure}`);
  } finally {
    await browser.close();
    await stack.close();
  }
  for (const t of firstNote)
    for (const [name, x] of [
      ['ours', t.ours],
      ['React baseline', t.baseline],
    ] as const)
      if (x)
        console.log(
          `${t.profile.name}, ${name}: the first cold load moved ${x.coldBytes.toLocaleString('en-US')} B in ${x.coldRequests} requests from the app origin (to the first note + 0.5 s)`,
        );
  const timings = firstNote[0]!.ours;

  console.log(
    `\n10,000 notes: ${VIEW_RUNS} first renders each way, then a scroll (≤ ${SCROLL_MS / 1000} s) and search…`,
  );
  const view10k = await measureView10k(dist, dir, VIEW_RUNS, SCROLL_MS);
  console.log(`\nScroll frame times by rows rendered:\n${scrollTable(view10k.scroll)}`);
  console.log(`\nSearch keystrokes:\n${keyTable(view10k.search)}`);

  console.log(`\n1,000 due notes on the Review screen: ${REVIEW_RUNS} samples, each in a fresh context…`);
  const reviewBrowser = await launchBenchBrowser();
  let review1k: Review1k;
  try {
    review1k = await measureReview1k(reviewBrowser, dist, REVIEW_RUNS);
  } finally {
    await reviewBrowser.close();
  }

  console.log('\nMock API throughput with 10,000 stored notes (bench/api-throughput.ts):');
  const api = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/api-throughput.ts')], {
    encoding: 'utf8',
  });
  const apiThroughput = `${api.stdout}${api.stderr}`.trim();
  console.log(apiThroughput);

  const results: Results = {
    machine: {
      date: new Date().toISOString().slice(0, 10),
      nproc: availableParallelism(),
      cpu,
      chromium,
      node: process.version,
      load: [loadAtStart, loadavg()[0] ?? 0],
    },
    sizes,
    slow3g: { ...timings, runs: RUNS },
    firstNote,
    locales,
    lowEnd: { ...lowEnd, runs: RUNS },
    baseline: { versions: base.versions, firstLoad: base.firstLoad, total: base.total },
    view10k,
    editorReady: { ...editorReady, runs: EDITOR_RUNS },
    review1k,
    apiThroughput,
  };
  const resultsFile = join(ROOT, 'bench/results.json');
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  // In the repository's own format, so `npm run lint` stays clean after a bench run.
  spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'format', '--write', resultsFile],
    {
      stdio: 'ignore',
    },
  );
  const m = results.machine;
  console.log(
    `\n## Budgets — ${m.date}, ${m.nproc} CPUs (${m.cpu}), Chromium ${m.chromium}, Node ${m.node}, load average ${m.load.map((x) => x.toFixed(1)).join(' → ')}\n`,
  );
  console.log(summaryTable(results));
  console.log(`\nSlow 3G, iframe navigation → first note, per locale:\n${localeTable(firstNote, locales)}`);
  for (const failure of view10k.firstRender.failures) console.log(`first render sample failed: ${failure}`);
  console.log('\nRaw figures: bench/results.json');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
