/**
 * The summary table's rows for the rich-text editor (issue 7): its chunk and stylesheet against
 * the 60 kB gzip goal, and `Add note` pressed → editor ready on slow 3G, both ways, with floors.
 */
import type { EditorReady, EditorRun } from './editor-ready.ts';
import type { EditorSize } from './editor-size.ts';
import { floorCell } from './floor.ts';
import { GOALS, verdict } from './goals.ts';
import { B, list } from './markdown.ts';
import { SLOW_3G } from './network.ts';
import { median, ms } from './stats.ts';

/**
 * The editor's rows — label, goal, measured, floor, verdict: its bytes against the goal, and the
 * two ways of timing it ready.
 */
export function editorRows(
  e: EditorSize | null,
  t: (EditorReady & { runs: number }) | undefined,
): string[][] {
  const names = (files: string[]) => files.map((f) => `\`${f.replace(/^assets\//, '')}\``).join(' + ');
  const gzip = e ? e.chunk.gzip + e.stylesheet.gzip : 0;
  const shared = e?.shared.files.length
    ? `; with the ${e.shared.files.length} shared chunk(s) it imports: ${B(gzip + e.shared.gzip)} gzip`
    : '';
  const editingSheet = e?.stylesheet.files.some((f) => f.includes('/screen-edit-'));
  const css = !e?.stylesheet.files.length
    ? ' (no stylesheet found)'
    : ` + ${names(e.stylesheet.files)}${editingSheet ? " (the editing form's stylesheet, which holds the editor's CSS)" : ''}`;
  const size = e
    ? [
        `Editor chunk, gzip: ${names(e.chunk.files)}${css}`,
        `≤ ${B(GOALS.editorGzip)}`,
        `${B(gzip)} gzip / ${B(e.chunk.brotli + e.stylesheet.brotli)} brotli (JS ${B(e.chunk.gzip)}, CSS ${B(e.stylesheet.gzip)} gzip)${shared}`,
        '—',
        verdict(gzip, GOALS.editorGzip),
      ]
    : [
        'Editor chunk (`editor-*.js`), gzip',
        `≤ ${B(GOALS.editorGzip)}`,
        'no editor chunk in this build',
        '—',
        'not measured',
      ];
  const rows = [size];
  const timing = (label: string, runs: EditorRun[]) => [
    `Slow 3G, \`Add note\` pressed ${label} → editor ready, cold context (median of ${runs.length})`,
    'reported',
    runs.length
      ? `${ms(median(runs.map((x) => x.ms)))} [${list(runs.map((x) => x.ms))}], ${[...new Set(runs.map((x) => x.kind))].join(' / ')}`
      : 'no run succeeded',
    floorCell(runs, SLOW_3G.latency, SLOW_3G.downloadThroughput),
    'reported',
  ];
  if (t)
    rows.push(timing('at the first note', t.firstNote), timing('after the idle prefetch', t.afterPrefetch));
  return rows;
}
