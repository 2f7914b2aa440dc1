/**
 * Checks that fontconfig knows a font for each script the demo notes are written in. Chromium on
 * Linux picks fallback fonts through fontconfig: without a Devanagari or Arabic font the Hindi and
 * Arabic notes render as empty boxes, and a screenshot of boxes is worse than none.
 */
import { spawnSync } from 'node:child_process';

/** The scripts the seeded notes and the Arabic UI need, by fontconfig language tag. */
const NEEDED = [
  { lang: 'hi', script: 'Devanagari (the Hindi notes)' },
  { lang: 'ar', script: 'Arabic (the Arabic UI and notes)' },
];

/** What to run to get fonts for all of them on Debian or Ubuntu. */
export const FONT_INSTALL = 'apt-get install -y fontconfig fonts-noto-core';

/**
 * The problems found, one line each (empty when every script has a font). `fcList` is the
 * fontconfig lister, injectable for a machine where it lives elsewhere.
 */
export function missingFonts(fcList = 'fc-list'): string[] {
  const problems: string[] = [];
  for (const { lang, script } of NEEDED) {
    const run = spawnSync(fcList, [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
    if (run.error) return [`cannot run ${fcList} (${run.error.message}): is fontconfig installed?`];
    if (run.status !== 0) return [`${fcList} exited with ${run.status}: ${run.stderr.trim()}`];
    if (run.stdout.trim() === '') problems.push(`no font covers ${script} (fc-list :lang=${lang} is empty)`);
  }
  return problems;
}
