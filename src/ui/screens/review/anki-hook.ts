/**
 * HOOK for the editor branch (issue 27): its Anki `.txt` builder (one line per note, front and
 * back, hidden words as Anki clozes). When it lands, set this to fetch it lazily, e.g.
 * `() => import('../../../format/anki-export.ts').then((m) => m.ankiExport)` — the Review screen's
 * Export for Anki button shows once it is set, and downloads the notes in review.
 */
import type { Note } from '../../../protocol/api-types.ts';

/** Builds the Anki text of `notes`; `null` until the builder exists (the button is not shown). */
export const loadAnkiExport: (() => Promise<(notes: readonly Note[]) => string>) | null = null;
