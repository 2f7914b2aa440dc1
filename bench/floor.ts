/**
 * The fastest a load could possibly be on an emulated link, from what it actually fetched: each
 * round trip on its longest chain of requests (one starting only after another ended) costs the
 * link's latency, and every byte it fetched crosses at the link's speed. Printed beside the
 * slow-3G timings so a goal below the floor is seen for what it is.
 */

/** One fetch from resource timing (ms since the frame's navigation start; bytes on the wire). */
export type Fetch = { name: string; start: number; end: number; bytes: number };

/** The floor of one load: how many round trips in a row, how many bytes, and the time they cost. */
export type Floor = { roundTrips: number; bytes: number; ms: number };

/**
 * The floor of the fetches that ended by `until` and crossed the network (bytes > 0; cache hits
 * cost nothing). `latency` in ms, `bytesPerSecond` the link's download speed.
 */
export function floorOf(fetches: Fetch[], until: number, latency: number, bytesPerSecond: number): Floor {
  const used = fetches.filter((f) => f.bytes > 0 && f.end <= until).sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  used.forEach((f, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) {
      const g = used[j]!;
      if (g.end <= f.start + 1) before = Math.max(before, depth[j]!);
    }
    depth.push(before + 1);
  });
  const roundTrips = depth.length ? Math.max(...depth) : 0;
  const bytes = used.reduce((n, f) => n + f.bytes, 0);
  return { roundTrips, bytes, ms: roundTrips * latency + (bytes / bytesPerSecond) * 1000 };
}

/**
 * The floor of a set of runs as a table cell: the median run's (by floor), spelt out so its sum
 * can be checked — "floor 1,739 ms = 3 round trips × 400 ms + 26,951 B ÷ 50,000 B/s".
 */
export function floorCell(runs: { floor: Floor }[], latency: number, bytesPerSecond: number): string {
  const f = [...runs].sort((a, b) => a.floor.ms - b.floor.ms)[Math.floor(runs.length / 2)]?.floor;
  if (!f) return '—';
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return `floor ${n(f.ms)} ms = ${f.roundTrips} round trip${f.roundTrips === 1 ? '' : 's'} × ${latency} ms + ${n(f.bytes)} B ÷ ${n(bytesPerSecond)} B/s`;
}
