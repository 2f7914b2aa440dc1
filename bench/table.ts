/**
 * The closing summary table of `npm run bench`: every budget, its goal, our figure, its floor, the
 * React baseline's figure beside it with the ratio ours ÷ React, and a verdict. Pure: takes the
 * results, returns Markdown (detail tables are in detail-tables.ts).
 */

import type { BaselineSizes } from './baseline/build.ts';
import type { ProfileTimings } from './compare-first-note.ts';
import { keyMs } from './detail-tables.ts';
import type { EditorReady } from './editor-ready.ts';
import { editorRows } from './editor-rows.ts';
import { beforeApiCount, type FirstNoteRun, type FirstNoteTimings } from './first-note.ts';
import type { LocaleTimings } from './first-note-locales.ts';
import { floorCell } from './floor.ts';
import { FIRST_NOTE_GOALS, GOALS, verdict } from './goals.ts';
import { B, list, table } from './markdown.ts';
import { SLOW_3G, SLOW_3G_LOW_END } from './network.ts';
import type { Review1k } from './review-1k.ts';
import type { Sizes } from './sizes.ts';
import { median, ms, summarise } from './stats.ts';
import type { View10k } from './view-10k.ts';
import { OPERATOR_SEARCH } from './view-search.ts';

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
  /** Ours on Slow 3G (the same samples as `firstNote`'s Slow 3G entry; kept for older readers). */
  slow3g: FirstNoteTimings & { runs: number };
  /** Ours and the React baseline on each network profile (absent in results written before issue 8). */
  firstNote?: ProfileTimings[];
  /** Ours on Slow 3G with the CPU slowed 4×, English (absent in results written before issue 26). */
  lowEnd?: FirstNoteTimings & { runs: number };
  /** Ours on Slow 3G per locale besides English (absent in results written before issue 13). */
  locales?: LocaleTimings[];
  /** The React baseline's build (absent before issue 8). */
  baseline?: BaselineSizes;
  view10k: View10k;
  /** 1,000 due notes on the Review screen (absent in results written before issue 27). */
  review1k?: Review1k;
  /** `Add note` pressed → editor ready on slow 3G (absent in results written before issue 7). */
  editorReady?: EditorReady & { runs: number };
  apiThroughput: string;
};

/** The summary table's columns. */
export const COLUMNS = ['budget', 'goal', 'measured', 'floor', 'React baseline', 'ours ÷ React', 'verdict'];

/** "0.72", or "—" without both figures. */
export const ratio = (ours: number, base: number | undefined): string =>
  base !== undefined && Number.isFinite(ours) && Number.isFinite(base) && base > 0
    ? (ours / base).toFixed(2)
    : '—';

/** A row without floor or baseline figures. */
const plain = (label: string, goal: string, measured: string, v: string): string[] => [
  label,
  goal,
  measured,
  '—',
  '—',
  '—',
  v,
];

/** The first-note rows of one network profile, cold and warm, ours beside the baseline. */
export function firstNoteRows(t: ProfileTimings): string[][] {
  const { profile: p } = t;
  const goals = FIRST_NOTE_GOALS[p.name];
  const warm = t.ours.warm.map((x) => x.upToDateMs ?? x.ms);
  const upToDate = plain(
    `${p.name}, warm: the notes up to date from the network (the first API answer in) (median of ${warm.length})`,
    'reported',
    `${ms(median(warm))} [${list(warm)}]`,
    'reported',
  );
  return [...firstNoteKinds(t, goals), upToDate];
}

/** The cold and warm rows of one profile. */
function firstNoteKinds(t: ProfileTimings, goals: { cold: number; warm: number } | undefined): string[][] {
  const { profile: p } = t;
  return (['cold', 'warm'] as const).map((kind) => {
    const ours = t.ours[kind];
    const base = t.baseline?.[kind] ?? [];
    const mine = median(ours.map((x) => x.ms));
    const theirs = base.length ? median(base.map((x) => x.ms)) : undefined;
    const goal = goals?.[kind];
    const how =
      kind === 'warm'
        ? `warm, from the copy kept on the device (median of ${ours.length}; painted before the first API answer in ${beforeApiCount(ours)})`
        : `cold (median of ${ours.length})`;
    return [
      `${p.name} (${p.latency} ms, ${p.downloadThroughput.toLocaleString('en-US')} B/s), iframe navigation → first note, ${how}`,
      goal ? `≤ ${goal} ms` : 'reported',
      `${ms(mine)} [${list(ours.map((x) => x.ms))}]`,
      floorCell(ours, p.latency, p.downloadThroughput),
      base.length
        ? `${ms(theirs ?? Number.NaN)} [${list(base.map((x) => x.ms))}]; ${floorCell(base, p.latency, p.downloadThroughput)}`
        : 'not measured',
      ratio(mine, theirs),
      goal ? verdict(mine, goal) : 'reported',
    ];
  });
}

/**
 * Issue 26's rows: the bytes the frame received before the first note (cold, Slow 3G, English: the
 * floor's bytes), the cold first note on a low-end phone (Slow 3G, 4× CPU) and the longest
 * main-thread task before the first note, on it and on an unthrottled CPU.
 */
export function firstNoteCostRows(slow: FirstNoteTimings, lowEnd: Results['lowEnd']): string[][] {
  const bytes = slow.cold.map((x) => x.floor.bytes);
  const tasks = (runs: readonly FirstNoteRun[]) => runs.map((x) => x.longestTask ?? Number.NaN);
  const rows = [
    plain(
      `Bytes before the first note: what the frame received before it, the API answer and the catalogue included, Slow 3G, cold, en (median of ${bytes.length})`,
      `≤ ${B(GOALS.bytesBeforeFirstNote)}`,
      `${B(median(bytes))} [${list(bytes)}]`,
      verdict(median(bytes), GOALS.bytesBeforeFirstNote),
    ),
  ];
  if (!lowEnd) return rows;
  const cold = lowEnd.cold.map((x) => x.ms);
  const p = SLOW_3G_LOW_END;
  rows.push(
    [
      `${p.name} (a low-end phone: Lighthouse's mobile CPU slowdown), iframe navigation → first note, cold, en (median of ${cold.length})`,
      `≤ ${GOALS.lowEndColdMs} ms`,
      `${ms(median(cold))} [${list(cold)}]`,
      floorCell(lowEnd.cold, p.latency, p.downloadThroughput),
      '—',
      '—',
      verdict(median(cold), GOALS.lowEndColdMs),
    ],
    plain(
      `… the longest main-thread task in the frame before the first note, cold (median of ${cold.length}; 0: none of 50 ms or more), 4× CPU / unthrottled`,
      'reported',
      `${ms(median(tasks(lowEnd.cold)))} [${list(tasks(lowEnd.cold))}] / ${ms(median(tasks(slow.cold)))} [${list(tasks(slow.cold))}]`,
      'reported',
    ),
  );
  return rows;
}

/** The closing summary: every budget, goal, figure, floor, the baseline, verdict. */
export function summaryTable(r: Results): string {
  const { sizes, slow3g, view10k: v, baseline } = r;
  const profiles: ProfileTimings[] = r.firstNote ?? [
    { profile: SLOW_3G, runs: slow3g.runs, load: r.machine.load[0], ours: slow3g, baseline: null },
  ];
  const nav = median(v.firstRender.fromNav);
  const direct = median(v.firstRender.fromContext);
  const keys = v.search.map(keyMs);
  const ks = summarise(keys);
  const typing = summarise(v.search.filter((s) => s.kind === 'type').map(keyMs));
  const firsts = v.search.filter((s) => s.kind === 'first').map(keyMs);
  const clears = v.search.filter((s) => s.kind === 'clear').map(keyMs);
  const withOperators = summarise(v.search.filter((s) => s.operators && s.kind === 'type').map(keyMs));
  const sc = summarise(v.scroll.frames);
  const editing = sizes.chunks.find((c) => c.label.startsWith('editing UI'));
  const editor = editorRows(sizes.editor, r.editorReady).map(([label, goal, measured, floor, verdict]) => [
    label!,
    goal!,
    measured!,
    floor!,
    '—',
    '—',
    verdict!,
  ]);
  const view = sizes.chunks.find((c) => c.label.startsWith('`/view`'));
  const review = sizes.chunks.find((c) => c.label.startsWith('`/review`'));
  const reviewCss = sizes.chunks.find((c) => /screen-review-/.test(c.label));
  const reviewBrotli = (review?.brotli ?? 0) + (reviewCss?.brotli ?? 0);
  const reviewRows = r.review1k
    ? [
        [
          median(r.review1k.firstCard),
          GOALS.reviewFirstCardMs,
          'the Review tab clicked → its first card painted',
        ],
        [median(r.review1k.nextCard), GOALS.reviewNextCardMs, 'a rating (key 3) → the next card painted'],
      ].map(([value, goal, what]) =>
        plain(
          `1,000 due notes: ${what} (median of ${r.review1k?.firstCard.length})`,
          `≤ ${goal} ms`,
          ms(value as number),
          verdict(value as number, goal as number),
        ),
      )
    : [];
  const course = sizes.chunks.find((c) => c.label.startsWith('`/course`'));
  const sized = (label: string, goal: number, ceiling: number, key: 'brotli' | 'gzip') => [
    label,
    `≤ ${B(goal)} (test ceiling ${B(ceiling)})`,
    B(sizes.firstLoad[key]),
    '—',
    baseline ? `${B(baseline.firstLoad[key])} (${baseline.firstLoad.files.length} files)` : 'not measured',
    ratio(sizes.firstLoad[key], baseline?.firstLoad[key]),
    verdict(sizes.firstLoad[key], goal),
  ];
  const rows = [
    sized('First load of `/`, brotli', GOALS.firstLoadBrotli, GOALS.ceilingBrotli, 'brotli'),
    sized('First load of `/`, gzip', GOALS.firstLoadGzip, GOALS.ceilingGzip, 'gzip'),
    plain(
      '`/view` chunk, brotli / gzip',
      'lazy',
      `${B(view?.brotli ?? 0)} / ${B(view?.gzip ?? 0)}`,
      'reported',
    ),
    plain(
      '`/course` chunk, brotli / gzip',
      'lazy',
      `${B(course?.brotli ?? 0)} / ${B(course?.gzip ?? 0)}`,
      'reported',
    ),
    plain(
      'Editing UI chunk (edit-parts), gzip',
      'lazy',
      `${B(editing?.gzip ?? 0)} gzip / ${B(editing?.brotli ?? 0)} brotli`,
      'reported',
    ),
    ...editor.slice(0, 1),
    plain(
      '`/review` chunk with ts-fsrs and its stylesheet, brotli',
      `≤ ${B(GOALS.reviewChunkBrotli)}`,
      `${B(reviewBrotli)} (${B(review?.brotli ?? 0)} + ${B(reviewCss?.brotli ?? 0)} CSS)`,
      verdict(reviewBrotli, GOALS.reviewChunkBrotli),
    ),
    [
      'All of dist/, uncompressed',
      '—',
      `${B(sizes.total.raw)} (${sizes.total.files} files)`,
      '—',
      baseline ? `${B(baseline.total.raw)} (${baseline.total.files} files; only \`/\`)` : 'not measured',
      '—', // not comparable: the baseline has one screen
      'reported',
    ],
    ...profiles.flatMap(firstNoteRows),
    ...firstNoteCostRows(profiles[0]?.ours ?? slow3g, r.lowEnd),
    ...reviewRows,
    ...editor.slice(1),
    plain(
      `10,000 notes: \`/view\` first render — click "All notes" (chunk prefetched) → first cards painted (median of ${v.firstRender.fromNav.length})`,
      `≤ ${GOALS.viewFirstRenderMs} ms`,
      `${ms(nav)} [${list(v.firstRender.fromNav)}], ${v.firstRender.cards} cards`,
      verdict(nav, GOALS.viewFirstRenderMs),
    ),
    plain(
      '10,000 notes: frame opened at `/view` — context arrival → first cards painted (navigation start → painted)',
      `≤ ${GOALS.viewFirstRenderMs} ms`,
      `${ms(direct)} [${list(v.firstRender.fromContext)}] (${ms(median(v.firstRender.fromNavStart))})`,
      verdict(direct, GOALS.viewFirstRenderMs),
    ),
    plain(
      `10,000 stored, ${v.loadedBeforeSearch.toLocaleString('en-US')} loaded: search keystroke → list painted, all ${ks.n} keystrokes`,
      `≤ ${GOALS.searchKeyMs} ms (p95)`,
      `median ${ms(ks.median)}, p95 ${ms(ks.p95)}, max ${ms(ks.max)}`,
      verdict(ks.p95, GOALS.searchKeyMs),
    ),
    plain(
      `… keystrokes within a search (${typing.n}: typing, Backspace, typing over a selection; the list stays narrowed)`,
      `≤ ${GOALS.searchKeyMs} ms (p95)`,
      `median ${ms(typing.median)}, p95 ${ms(typing.p95)}, max ${ms(typing.max)}`,
      verdict(typing.p95, GOALS.searchKeyMs),
    ),
    plain(
      `… keystrokes typing \`${OPERATOR_SEARCH}\` (${withOperators.n}: the tag filtered by the API and the list, the day on the device)`,
      `≤ ${GOALS.searchKeyMs} ms (p95)`,
      `median ${ms(withOperators.median)}, p95 ${ms(withOperators.p95)}, max ${ms(withOperators.max)}`,
      verdict(withOperators.p95, GOALS.searchKeyMs),
    ),
    plain(
      `… first key into the empty field (the unfiltered list's ${v.scroll.rowsAtEnd.toLocaleString('en-US')} rendered rows give way) / Backspace emptying it (they come back)`,
      `≤ ${GOALS.searchKeyMs} ms`,
      `[${list(firsts)}] / [${list(clears)}]`,
      verdict(Math.max(...firsts, ...clears), GOALS.searchKeyMs),
    ),
    plain(
      `10,000 notes: scrolling from the top, ${v.scroll.step} px per frame, ${v.scroll.timedOut ? `stopped at the ${Math.round(v.scroll.maxMs / 1000)} s bound` : 'to the end'} (${sc.n} frames in ${Math.round(v.scroll.ms / 1000)} s)`,
      'reported (p95)',
      `median ${ms(sc.median)}, p95 ${ms(sc.p95)}, max ${ms(sc.max)}; ${v.scroll.cards.toLocaleString('en-US')} cards in the DOM at the end, ${v.scroll.loaded.toLocaleString('en-US')} notes loaded`,
      'reported',
    ),
  ];
  return table(COLUMNS, rows);
}
