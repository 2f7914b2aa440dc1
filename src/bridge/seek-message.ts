import { adjustedSeconds, type SeekOffset } from '../notes/read/seek-offset.ts';
import type { Note } from '../protocol/api-types.ts';
import { type SeekMessage, SUB_APPLICATION_NAME } from '../protocol/messages.ts';

/**
 * The SEEK message for a note's anchor (docs/wire-contract.md): which resource, and the time or page to go
 * to. Built from the note's id fields only, so no note text or token can ride along. A note
 * without an anchor has nowhere to seek to: `null`. A time is sent `offset` seconds earlier (the
 * learner's "start a few seconds earlier", never below 0); a page as it is.
 */
export function seekMessage(
  note: Pick<Note, 'refId' | 'anchor'>,
  offset: SeekOffset = 0,
): SeekMessage | null {
  const { anchor } = note;
  if (!anchor) return null;
  const base = { subApplicationName: SUB_APPLICATION_NAME, requestId: 'SEEK', refId: note.refId } as const;
  return anchor.kind === 'time'
    ? { ...base, seconds: adjustedSeconds(anchor.seconds, offset) }
    : { ...base, page: anchor.page };
}
