/**
 * The first note per locale on Slow 3G (issue 13, "Speed"): ours only, cold and warm, with the
 * portal sending each locale in its context. English comes from the main first-note runs
 * (compare-first-note.ts); the other locales are measured here, fewer runs each, to keep the
 * bench's run time down. The first note is the first painted `<article>` in `<main>` with the Add
 * note button around it in the learner's language (issue 14): a note shown with English labels
 * first does not count until they switch.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { type FirstNoteTimings, measureFirstNote, type Target } from './first-note.ts';
import { type NetworkProfile, SLOW_3G } from './network.ts';

/** The locales the per-locale rows show, English first (docs/budgets.md: en, ar, hi). */
export const BENCH_LOCALES = ['en', 'ar', 'hi'] as const;

/** One locale's samples of ours, and the 1-minute load average when they started. */
export type LocaleTimings = {
  locale: string;
  profile: NetworkProfile;
  runs: number;
  load: number;
  ours: FirstNoteTimings;
};

/** The Add note button's text in `locale` (locales/<locale>.json), what the first note waits for. */
export const addNoteLabel = (locale: string): string =>
  (
    JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >
  )['Add note'] ?? 'Add note';

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
    const ours = await measureFirstNote(
      browser,
      { ...target(locale), label: addNoteLabel(locale) },
      runs,
      profile,
    );
    for (const f of ours.failures ?? []) log(`  sample failed: ${f}`);
    out.push({ locale, profile, runs, load, ours });
  }
  return out;
}
