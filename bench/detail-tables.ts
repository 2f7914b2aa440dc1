/**
 * The bench's detail tables, printed before the summary: each lazy chunk, every timed keystroke,
 * and scroll frame times by how many rows were rendered. Pure: results in, Markdown out.
 */
import { B, table } from './markdown.ts';
import type { Sizes } from './sizes.ts';
import { ms, summarise } from './stats.ts';
import type { View10k } from './view-10k.ts';
import type { KeySample } from './view-search.ts';

/** Each lazy chunk and the whole output. */
export function chunkTable(sizes: Sizes): string {
  const rows = sizes.chunks.map((c) => [
    c.label,
    c.files.length ? B(c.brotli) : 'not in this build',
    c.files.length ? B(c.gzip) : '—',
    c.files.length ? B(c.raw) : '—',
  ]);
  rows.push(['all of dist/ (uncompressed)', '—', '—', B(sizes.total.raw)]);
  rows.push([
    `all of dist/ on disk with .gz/.br (${sizes.total.files} files)`,
    '—',
    '—',
    B(sizes.total.onDisk),
  ]);
  return table(['lazy part', 'brotli', 'gzip', 'raw'], rows);
}

/** A keystroke's keydown → painted time; NaN when the list never changed. */
export const keyMs = (s: KeySample): number => ('ms' in s.mark ? s.mark.ms : Number.NaN);

/** Every timed keystroke. */
export function keyTable(samples: KeySample[]): string {
  return table(
    [
      '#',
      'key',
      'kind',
      'field after',
      'keydown → painted',
      'keydown → DOM changed',
      'rows rendered',
      'count shown',
    ],
    samples.map((s, i) => [
      String(i + 1),
      s.key,
      s.kind,
      s.query ? `"${s.query}"` : '(empty)',
      'ms' in s.mark ? ms(s.mark.ms) : 'no change in 120 s',
      'ms' in s.mark ? ms(s.mark.domMs) : '—',
      'ms' in s.mark ? String(s.mark.rows) : '—',
      'ms' in s.mark ? s.mark.count || '(none)' : '—',
    ]),
  );
}

const BUCKETS = [0, 200, 500, 1000, 2000, 5000, 10_001];

/** Scroll frame times grouped by how many rows were rendered then. */
export function scrollTable(scroll: View10k['scroll']): string {
  const rows: string[][] = [];
  for (let i = 0; i + 1 < BUCKETS.length; i++) {
    const lo = BUCKETS[i]!;
    const hi = BUCKETS[i + 1]!;
    const xs = scroll.frames.filter((_, k) => scroll.frameRows[k]! >= lo && scroll.frameRows[k]! < hi);
    if (!xs.length) continue;
    const s = summarise(xs);
    rows.push([`${lo}–${hi - 1}`, String(s.n), ms(s.median), ms(s.p95), ms(s.max)]);
  }
  return table(['rows rendered', 'frames', 'median', 'p95', 'max'], rows);
}
