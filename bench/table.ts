/**
 * The closing summary table of `npm run bench`: every budget, its goal, the figure and a verdict.
 * Pure: takes the results, returns Markdown (detail tables are in detail-tables.ts).
 */

import { keyMs } from './detail-tables.ts';
import type { EditorReady } from './editor-ready.ts';
import { editorRows } from './editor-rows.ts';
import type { FirstNoteTimings } from './first-note.ts';
import { GOALS, verdict } from './goals.ts';
import { B, list, table } from './markdown.ts';
import type { Sizes } from './sizes.ts';
import { median, ms, summarise } from './stats.ts';
import type { View10k } from './view-10k.ts';

/** Where and when the figures were taken. */
export type Machine = {
  date: string;
  nproc: number;
  cpu: string;
  chromium: string;
  node: string;
  /** 1-minute load averages when the bench started and ended (other work on the machine skews timings). */
  load: [start: number, end: number];
};

/** Everything one `npm run bench` measured (written raw to bench/results.json). */
export type Results = {
  machine: Machine;
  sizes: Sizes;
  slow3g: FirstNoteTimings & { runs: number };
  view10k: View10k;
  /** `Add note` pressed → editor ready on slow 3G (absent in results written before issue 7). */
  editorReady?: EditorReady & { runs: number };
  apiThroughput: string;
};

/** The closing summary: every budget, goal, figure, verdict. */
export function summaryTable(r: Results): string {
  const { sizes, slow3g, view10k: v } = r;
  const cold = median(slow3g.cold.map((x) => x.ms));
  const warm = median(slow3g.warm.map((x) => x.ms));
  const floor = (runs: FirstNoteTimings['cold']) => {
    const f = runs[Math.floor(runs.length / 2)]?.floor;
    return f
      ? `floor ${ms(median(runs.map((x) => x.floor.ms)))} = ${f.roundTrips} round trips × 400 ms + ${B(f.bytes)} ÷ 50,000 B/s`
      : '';
  };
  const nav = median(v.firstRender.fromNav);
  const direct = median(v.firstRender.fromContext);
  const keys = v.search.map(keyMs);
  const ks = summarise(keys);
  const typing = summarise(v.search.filter((s) => s.kind === 'type').map(keyMs));
  const firsts = v.search.filter((s) => s.kind === 'first').map(keyMs);
  const clears = v.search.filter((s) => s.kind === 'clear').map(keyMs);
  const sc = summarise(v.scroll.frames);
  const editing = sizes.chunks.find((c) => c.label.startsWith('editing UI'));
  const editor = editorRows(sizes.editor, r.editorReady);
  const view = sizes.chunks.find((c) => c.label.startsWith('`/view`'));
  const course = sizes.chunks.find((c) => c.label.startsWith('`/course`'));
  const rows = [
    [
      'First load of `/`, brotli',
      `≤ ${B(GOALS.firstLoadBrotli)} (test ceiling ${B(GOALS.ceilingBrotli)})`,
      B(sizes.firstLoad.brotli),
      verdict(sizes.firstLoad.brotli, GOALS.firstLoadBrotli),
    ],
    [
      'First load of `/`, gzip',
      `≤ ${B(GOALS.firstLoadGzip)} (test ceiling ${B(GOALS.ceilingGzip)})`,
      B(sizes.firstLoad.gzip),
      verdict(sizes.firstLoad.gzip, GOALS.firstLoadGzip),
    ],
    ['`/view` chunk, brotli / gzip', 'lazy', `${B(view?.brotli ?? 0)} / ${B(view?.gzip ?? 0)}`, 'reported'],
    [
      '`/course` chunk, brotli / gzip',
      'lazy',
      `${B(course?.brotli ?? 0)} / ${B(course?.gzip ?? 0)}`,
      'reported',
    ],
    [
      'Editing UI chunk (edit-parts), gzip',
      'lazy',
      `${B(editing?.gzip ?? 0)} gzip / ${B(editing?.brotli ?? 0)} brotli`,
      'reported',
    ],
    ...editor.slice(0, 1),
    ['All of dist/, uncompressed', '—', B(sizes.total.raw), 'reported'],
    [
      `Slow 3G, iframe navigation → first note, cold (median of ${slow3g.runs})`,
      `≤ ${GOALS.coldMs} ms`,
      `${ms(cold)} [${list(slow3g.cold.map((x) => x.ms))}]; ${floor(slow3g.cold)}`,
      verdict(cold, GOALS.coldMs),
    ],
    [
      `Slow 3G, iframe navigation → first note, warm (median of ${slow3g.runs})`,
      `≤ ${GOALS.warmMs} ms`,
      `${ms(warm)} [${list(slow3g.warm.map((x) => x.ms))}]; ${floor(slow3g.warm)}`,
      verdict(warm, GOALS.warmMs),
    ],
    ...editor.slice(1),
    [
      `10,000 notes: \`/view\` first render — click "All notes" (chunk prefetched) → first cards painted (median of ${v.firstRender.fromNav.length})`,
      `≤ ${GOALS.viewFirstRenderMs} ms`,
      `${ms(nav)} [${list(v.firstRender.fromNav)}], ${v.firstRender.cards} cards`,
      verdict(nav, GOALS.viewFirstRenderMs),
    ],
    [
      '10,000 notes: frame opened at `/view` — context arrival → first cards painted (navigation start → painted)',
      `≤ ${GOALS.viewFirstRenderMs} ms`,
      `${ms(direct)} [${list(v.firstRender.fromContext)}] (${ms(median(v.firstRender.fromNavStart))})`,
      verdict(direct, GOALS.viewFirstRenderMs),
    ],
    [
      `10,000 stored, ${v.loadedBeforeSearch.toLocaleString('en-US')} loaded: search keystroke → list painted, all ${ks.n} keystrokes`,
      `≤ ${GOALS.searchKeyMs} ms (p95)`,
      `median ${ms(ks.median)}, p95 ${ms(ks.p95)}, max ${ms(ks.max)}`,
      verdict(ks.p95, GOALS.searchKeyMs),
    ],
    [
      `… keystrokes within a search (${typing.n}: typing, Backspace, typing over a selection; the list stays narrowed)`,
      `≤ ${GOALS.searchKeyMs} ms (p95)`,
      `median ${ms(typing.median)}, p95 ${ms(typing.p95)}, max ${ms(typing.max)}`,
      verdict(typing.p95, GOALS.searchKeyMs),
    ],
    [
      `… first key into the empty field (the unfiltered list's ${v.scroll.rowsAtEnd.toLocaleString('en-US')} rendered rows give way) / Backspace emptying it (they come back)`,
      `≤ ${GOALS.searchKeyMs} ms`,
      `[${list(firsts)}] / [${list(clears)}]`,
      verdict(Math.max(...firsts, ...clears), GOALS.searchKeyMs),
    ],
    [
      `10,000 notes: scrolling from the top, ${v.scroll.step} px per frame, ${v.scroll.timedOut ? `stopped at the ${Math.round(v.scroll.maxMs / 1000)} s bound` : 'to the end'} (${sc.n} frames in ${Math.round(v.scroll.ms / 1000)} s)`,
      'reported (p95)',
      `median ${ms(sc.median)}, p95 ${ms(sc.p95)}, max ${ms(sc.max)}; ${v.scroll.cards.toLocaleString('en-US')} cards in the DOM at the end, ${v.scroll.loaded.toLocaleString('en-US')} notes loaded`,
      'reported',
    ],
  ];
  return table(['budget', 'goal', 'measured', 'verdict'], rows);
}
