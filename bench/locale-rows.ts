/**
 * The per-locale table of `npm run bench`: on Slow 3G, for each locale the portal sent, the first
 * note warm from the copy kept on the device (goal), warm with the notes up to date from the
 * network (reported), and cold (beside its goal). Pure: takes the samples, returns Markdown.
 */
import type { ProfileTimings } from './compare-first-note.ts';
import { beforeApiCount, type FirstNoteTimings } from './first-note.ts';
import type { LocaleTimings } from './first-note-locales.ts';
import { floorCell } from './floor.ts';
import { GOALS, verdict } from './goals.ts';
import { list, table } from './markdown.ts';
import { SLOW_3G } from './network.ts';
import { median, ms } from './stats.ts';

/** The per-locale table's columns. */
export const LOCALE_COLUMNS = [
  'locale',
  "first note (the Add note button around it in the learner's language)",
  'goal',
  'measured',
  'floor',
  'verdict',
];

/** The three rows of one locale's samples. */
export function localeRows(locale: string, t: FirstNoteTimings): string[][] {
  const p = SLOW_3G;
  const warm = t.warm.map((x) => x.ms);
  const upToDate = t.warm.map((x) => x.upToDateMs);
  const cold = t.cold.map((x) => x.ms);
  return [
    [
      locale,
      `warm, from the copy kept on the device (median of ${warm.length}; painted before the first API answer in ${beforeApiCount(t.warm)})`,
      `≤ ${GOALS.warmMs} ms`,
      `${ms(median(warm))} [${list(warm)}]`,
      floorCell(t.warm, p.latency, p.downloadThroughput),
      verdict(median(warm), GOALS.warmMs),
    ],
    [
      locale,
      `warm, the notes up to date from the network (the first API answer in; median of ${upToDate.length})`,
      'reported',
      `${ms(median(upToDate))} [${list(upToDate)}]`,
      '—',
      'reported',
    ],
    [
      locale,
      `cold (median of ${cold.length})`,
      `≤ ${GOALS.coldMs} ms`,
      `${ms(median(cold))} [${list(cold)}]`,
      floorCell(t.cold, p.latency, p.downloadThroughput),
      verdict(median(cold), GOALS.coldMs),
    ],
  ];
}

/**
 * Slow 3G, iframe navigation → first note, per locale: English from the main Slow 3G samples
 * (`profiles`), the others from `locales`. Empty when neither has samples.
 */
export function localeTable(profiles: readonly ProfileTimings[], locales: readonly LocaleTimings[]): string {
  const en = profiles.find((t) => t.profile.name === SLOW_3G.name)?.ours;
  const rows = [
    ...(en && !locales.some((l) => l.locale === 'en') ? localeRows('en', en) : []),
    ...locales.flatMap((l) => localeRows(l.locale, l.ours)),
  ];
  return rows.length ? table(LOCALE_COLUMNS, rows) : '';
}
