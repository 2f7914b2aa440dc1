/**
 * The first-note figures of issue 8: on each network profile, ours and the React baseline loaded
 * cold and warm the same number of times, interleaved (ours, baseline; then baseline, ours; …) so
 * noise from other work on the machine falls on both alike.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { emptyTimings, type FirstNoteTimings, sampleInto, type Target } from './first-note.ts';
import { describeProfile, type NetworkProfile } from './network.ts';

/** One profile's samples for both apps, and the 1-minute load average when it started. */
export type ProfileTimings = {
  profile: NetworkProfile;
  runs: number;
  load: number;
  ours: FirstNoteTimings;
  baseline: FirstNoteTimings | null;
};

/** Measures every profile in turn; `log` reports progress. */
export async function measureProfiles(
  browser: Browser,
  ours: Target,
  baseline: Target | null,
  runs: number,
  profiles: NetworkProfile[],
  log: (line: string) => void = console.log,
): Promise<ProfileTimings[]> {
  const out: ProfileTimings[] = [];
  for (const profile of profiles) {
    const load = loadavg()[0] ?? 0;
    log(
      `${profile.name} (${describeProfile(profile)}): ${runs} cold and ${runs} warm loads each of ours${baseline ? ' and the React baseline, interleaved' : ''} (load average ${load.toFixed(1)})…`,
    );
    const entry: ProfileTimings = {
      profile,
      runs,
      load,
      ours: emptyTimings(),
      baseline: baseline ? emptyTimings() : null,
    };
    for (let i = 0; i < runs; i++) {
      const pair: [FirstNoteTimings, Target][] = [[entry.ours, ours]];
      if (baseline && entry.baseline) pair[i % 2 ? 'unshift' : 'push']([entry.baseline, baseline]);
      for (const [into, target] of pair) await sampleInto(into, browser, target, profile);
    }
    for (const f of [...(entry.ours.failures ?? []), ...(entry.baseline?.failures ?? [])])
      log(`  sample failed: ${f}`);
    out.push(entry);
  }
  return out;
}
