/**
 * When the seed notes were written, relative to the moment the seed is written (a new data file).
 * Seed notes carry a seed day rather than a date, so a harness started on any day shows recent
 * notes ("2 days ago") while their order, and so every test about order, stays the same.
 */

const DAY_MS = 86_400_000;

/** The newest seed day in `seed-notes.ts`; it lies `NEWEST_AGE_MS` before the moment of seeding. */
export const LAST_SEED_DAY = 12;

/** How long before seeding the newest seed day lies: half a day, so it reads "12 hours ago". */
export const NEWEST_AGE_MS = DAY_MS / 2;

/**
 * When seed day `day` happened for a seed written at `now`: `LAST_SEED_DAY - day` days plus half a
 * day earlier, so the seed spans the last two weeks, plus `index` minutes so a learner's notes
 * written on one day keep their order. Never after `now` while a learner has under 720 seed notes.
 */
export function seedTime(now: Date, day: number, index: number): string {
  return new Date(
    now.getTime() - (LAST_SEED_DAY - day) * DAY_MS - NEWEST_AGE_MS + index * 60_000,
  ).toISOString();
}
