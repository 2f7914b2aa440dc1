/**
 * The Review screen's forecast when nothing is due: how many notes fall due on each of the next
 * days, by the learner's local calendar, for a small bar chart and the table behind it.
 */
import type { Note } from '../protocol/api-types.ts';
import { isInReview } from '../protocol/review-rules.ts';
import { dueAt, type RatedCards } from './due-notes.ts';

/** One local day of the forecast: its start (local midnight, ms) and the notes due that day. */
export type ForecastDay = { start: number; count: number };

/** The forecast's length, in days. */
export const FORECAST_DAYS = 30;

/**
 * `days` local days from the one holding `now`: the notes in review due on each (a note already
 * overdue counts on the first); a note due later is left out. Day boundaries are local midnights,
 * so a day with a DST change is 23 or 25 hours long.
 */
export function forecast(
  notes: Iterable<Note>,
  now: number,
  rated?: RatedCards,
  days = FORECAST_DAYS,
): ForecastDay[] {
  const starts: number[] = [];
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  for (let i = 0; i <= days; i++) {
    starts.push(day.getTime());
    day.setDate(day.getDate() + 1);
  }
  const counts = new Array<number>(days).fill(0);
  const end = starts[days] ?? 0;
  for (const note of notes) {
    if (!isInReview(note)) continue;
    const at = dueAt(note, rated);
    if (at >= end) continue;
    let i = 0;
    while (i + 1 < days && at >= (starts[i + 1] ?? end)) i++;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  return counts.map((count, i) => ({ start: starts[i] ?? 0, count }));
}
