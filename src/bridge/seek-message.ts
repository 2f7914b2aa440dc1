import type { Note } from '../protocol/api-types.ts';
import { type SeekMessage, SUB_APPLICATION_NAME } from '../protocol/messages.ts';

/**
 * The SEEK message for a note's anchor (DESIGN §2): which resource, and the time or page to go
 * to. Built from the note's id fields only, so no note text or token can ride along. A note
 * without an anchor has nowhere to seek to: `null`.
 */
export function seekMessage(note: Pick<Note, 'refId' | 'anchor'>): SeekMessage | null {
  const { anchor } = note;
  if (!anchor) return null;
  const base = { subApplicationName: SUB_APPLICATION_NAME, requestId: 'SEEK', refId: note.refId } as const;
  return anchor.kind === 'time' ? { ...base, seconds: anchor.seconds } : { ...base, page: anchor.page };
}
