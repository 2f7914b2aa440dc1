import type { MessageValues } from '../i18n/i18n-model.ts';
import type { NoteAnchor } from '../protocol/api-types.ts';

/** Playback position as a clock: `03:12`, or `1:02:03` past an hour. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The message (key and values) describing where a note was taken: "At 03:12" or "p. 4". */
export function anchorMessage(anchor: NoteAnchor): { key: string; values: MessageValues } | null {
  if (!anchor) return null;
  if (anchor.kind === 'time') return { key: 'At {time}', values: { time: formatClock(anchor.seconds) } };
  return { key: 'p. {page}', values: { page: anchor.page } };
}

/**
 * The name of a note's anchor button: "Go to 03:12" or "Go to page 4" (it asks the player to seek);
 * "page" in full, since a screen reader reads an abbreviation such as Arabic "ص." as a letter name.
 */
export function anchorAction(anchor: NoteAnchor): { key: string; values: MessageValues } | null {
  if (!anchor) return null;
  if (anchor.kind === 'time') return { key: 'Go to {time}', values: { time: formatClock(anchor.seconds) } };
  return { key: 'Go to page {page}', values: { page: anchor.page } };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31536000],
  ['month', 2592000],
  ['week', 604800],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 days ago" in the learner's language, from an ISO time and the current time (injected so
 * tests are deterministic). Anything under a minute reads as "now"; a bad date gives `''`.
 */
export function relativeTime(iso: string, now: number, locale: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = (then - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
