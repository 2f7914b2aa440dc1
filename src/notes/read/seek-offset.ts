/**
 * "Start a few seconds earlier" (docs/routes.md): a learner setting of off, 3, 5 or 10 s, kept on this
 * device per learner, by which "Go to 03:12" seeks earlier so the learner hears the lead-in. The
 * label keeps the note's own time; page anchors are never shifted.
 */
import type { KeyValueStore } from '../../platform/key-value-store.ts';
import type { NoteAnchor } from '../../protocol/api-types.ts';

/** The choices, in the order the setting lists them; 0 is "off". */
export const SEEK_OFFSETS = [0, 3, 5, 10] as const;

/** One of the choices, in seconds. */
export type SeekOffset = (typeof SEEK_OFFSETS)[number];

/**
 * The storage key of a learner's setting. `learner` is the session's learnerKey (rootOrg, org,
 * userId — never the token), as for the journal (src/notes/read/journal-key.ts), so one device shared by
 * two learners keeps one setting each. Not under `notes:journal:`, which the journal sweep owns.
 */
export const seekOffsetKey = (learner: string): string => `notes:seek-offset:${learner}`;

/**
 * The setting as stored, read as untrusted: exactly "0", "3", "5" or "10"; anything else (missing,
 * "7", " 3", "3.0", JSON, a number from an older build) is off.
 */
export function parseSeekOffset(raw: unknown): SeekOffset {
  if (typeof raw !== 'string') return 0;
  return SEEK_OFFSETS.find((o) => String(o) === raw) ?? 0;
}

/** The learner's setting on this device; off without a learner. */
export function readSeekOffset(store: KeyValueStore, learner: string): SeekOffset {
  return learner ? parseSeekOffset(store.get(seekOffsetKey(learner))) : 0;
}

/**
 * Where to seek for a note at `seconds`: `offset` earlier, never below 0. A position that is not a
 * finite number ≥ 0 (anchors are checked on arrival, this is the last guard before SEEK) is 0.
 */
export function adjustedSeconds(seconds: number, offset: SeekOffset): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(0, seconds - offset);
}

/** The SEEK target for a note's anchor: time anchors adjusted, page anchors as they are, else null. */
export function seekTarget(
  anchor: NoteAnchor,
  offset: SeekOffset,
): { seconds: number } | { page: number } | null {
  if (!anchor) return null;
  return anchor.kind === 'time'
    ? { seconds: adjustedSeconds(anchor.seconds, offset) }
    : { page: anchor.page };
}
