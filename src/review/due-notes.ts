/**
 * What is due in review, said once for the Review screen, its tab's count and the forecast: a note
 * in review (`isInReview`) is due when its card's `due` is at or before the end of the learner's
 * local day; a never-rated note counts as due (from when it was created, as the API orders it). A
 * rating still queued on this device counts with the card it predicts, so the note leaves today's
 * queue at once — in every frame, also offline and after a reload.
 */
import { reviewCardOf } from '../api/parse-review.ts';
import type { Note, ReviewCard } from '../protocol/api-types.ts';
import { isInReview } from '../protocol/review-rules.ts';

/** The cards queued ratings predict, by note id (the write side's `rated`). */
export type RatedCards = ReadonlyMap<string, ReviewCard>;

const NONE: RatedCards = new Map();

/** The end of the learner's local day holding `now` (23:59:59.999 local time, DST-safe), in ms. */
export function endOfLocalDay(now: number): number {
  const day = new Date(now);
  day.setHours(23, 59, 59, 999);
  return day.getTime();
}

/**
 * The server's card of `note`, validated (src/api/parse-review.ts): the review side's pages and kept
 * copy are checked as they come in (a bad card there is a bad answer), but a note may reach the
 * cache by another way — an edit's answer, another frame — with a card no one checked. Such a card
 * counts as never rated (due now) rather than break the queue; the server, which owns the card,
 * schedules the next rating from its own.
 */
function serverCard(note: Note): ReviewCard | null {
  try {
    return reviewCardOf(note);
  } catch {
    return null;
  }
}

/** A note's card here: a queued rating's prediction, else the server's; `null` when never rated. */
export const cardOf = (note: Note, rated: RatedCards = NONE): ReviewCard | null =>
  rated.get(note.noteId) ?? serverCard(note);

/** When a note is due (ms): its card's `due`; never rated, when it was created. */
export function dueAt(note: Note, rated: RatedCards = NONE): number {
  const card = cardOf(note, rated);
  return Date.parse(card ? card.due : note.createdOn) || 0;
}

/** Soonest due first, ties by `noteId` (the API's `order: 'due'`). */
export function compareDue(rated: RatedCards = NONE): (a: Note, b: Note) => number {
  return (a, b) =>
    dueAt(a, rated) - dueAt(b, rated) || (a.noteId < b.noteId ? -1 : a.noteId > b.noteId ? 1 : 0);
}

/** Of `notes`, those in review and due by `dueBy` (ms), soonest first; each note once. */
export function dueQueue(notes: Iterable<Note>, dueBy: number, rated: RatedCards = NONE): Note[] {
  const due = new Map<string, { note: Note; at: number }>();
  for (const note of notes) {
    if (due.has(note.noteId) || !isInReview(note)) continue;
    const at = dueAt(note, rated);
    if (at <= dueBy) due.set(note.noteId, { note, at });
  }
  return [...due.values()]
    .sort((a, b) => a.at - b.at || (a.note.noteId < b.note.noteId ? -1 : 1))
    .map((d) => d.note);
}

/** The earliest due time after `after` of the notes in review, or null (the "next due" date). */
export function nextDue(notes: Iterable<Note>, after: number, rated: RatedCards = NONE): number | null {
  let next: number | null = null;
  for (const note of notes) {
    if (!isInReview(note)) continue;
    const at = dueAt(note, rated);
    if (at > after && (next === null || at < next)) next = at;
  }
  return next;
}
