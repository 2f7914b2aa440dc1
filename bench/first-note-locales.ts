/**
 * The first note per locale on Slow 3G (issue 13, "Speed"): ours only, cold and warm, with the
 * portal sending each locale in its context. English comes from the main first-note runs
 * (compare-first-note.ts); the other locales are measured here, fewer runs each, to keep the
 * bench's run time down. The first note is the first painted `<article>` in `<main>` as for
 * English: until the catalogue arrives the labels around it are English (issue 14).
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { emptyTimings, type FirstNoteTimings, sampleInto, type Target } from './first-note.ts';
import { type NetworkProfile, SLOW_3G } from './network.ts';

/** The locales the per-locale rows show, English first (DESIGN §7: en, ar, hi). */
export const BENCH_LOCALES = ['en', 'ar', 'hi'] as const;

/** One locale's samples of ours, and the 1-minute load average when they started. */
export type LocaleTimings = {
  locale: string;
  profile: NetworkProfile;
  runs: number;
  load: number;
  ours: FirstNoteTimings;
};

/** Measures `locales` in turn, `runs` cold-and-warm samples each; `target` gives each locale's portal URL. */
export async function measureLocales(
  browser: Browser,
  target: (locale: string) => Target,
  locales: readonly string[],
  runs: number,
  profile: NetworkProfile = SLOW_3G,
  log: (line: string) => void = console.log,
): Promise<LocaleTimings[]> {
  const out: LocaleTimings[] = [];
  for (const locale of locales) {
    const load = loadavg()[0] ?? 0;
    log(
      `${profile.name}, locale ${locale}: ${runs} cold and ${runs} warm loads of ours (load average ${load.toFixed(1)})…`,
    );
    const ours = emptyTimings();
    for (let i = 0; i < runs; i++) await sampleInto(ours, browser, target(locale), profile);
    for (const f of ours.failures ?? []) log(`  sample failed: ${f}`);
    out.push({ locale, profile, runs, load, ours });
  }
  return out;
}
