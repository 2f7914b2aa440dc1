import { parseNote } from '../../api/parse-response.ts';
import type { Note } from '../../protocol/api-types.ts';

/**
 * What one frame tells the learner's other frames (BroadcastChannel). The journal itself needs no
 * message: its `storage` event says when it changed.
 */
export type FrameMessage =
  /** The server stored a write: its note; `was` is the temporary id an add showed until now. */
  | { learner: string; kind: 'saved'; note: Note; was?: string }
  /** The server confirmed a delete. */
  | { learner: string; kind: 'deleted'; noteId: string }
  /**
   * The server refused a delete or an edit of `noteId` for good (a conflict, a refusal): the note
   * stands as `note` (null when the refusing frame had not loaded it), shown again, unmarked.
   * `item`: the refused outbox item's id, which a frame whose copy of the journal has not caught
   * up yet may still find queued (each frame in a process of its own).
   */
  | { learner: string; kind: 'kept'; noteId: string; note: Note | null; item?: string }
  /** The queued items whose last try failed in frame `from` ("Not saved yet — retrying"). */
  | { learner: string; kind: 'failing'; from: string; ids: string[] };

type Obj = Record<string, unknown>;
const str = (v: unknown): v is string => typeof v === 'string';

/**
 * Reads a message from another frame as untrusted input (any script of this origin may post on
 * the channel): null unless it is for `learner` and well formed; a note passes the same check as
 * an API answer (`parseNote`).
 */
export function parseFrameMessage(data: unknown, learner: string): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Obj;
  if (m.learner !== learner) return null;
  try {
    if (m.kind === 'saved' && (m.was === undefined || str(m.was)))
      return { learner, kind: 'saved', note: parseNote(m.note), ...(str(m.was) ? { was: m.was } : {}) };
    if (m.kind === 'kept' && str(m.noteId) && (m.item === undefined || str(m.item)))
      return {
        learner,
        kind: 'kept',
        noteId: m.noteId,
        note: m.note === null ? null : parseNote(m.note),
        ...(str(m.item) ? { item: m.item } : {}),
      };
  } catch {
    return null;
  }
  if (m.kind === 'deleted' && str(m.noteId)) return { learner, kind: 'deleted', noteId: m.noteId };
  if (m.kind === 'failing' && str(m.from) && Array.isArray(m.ids) && m.ids.every(str))
    return { learner, kind: 'failing', from: m.from, ids: m.ids };
  return null;
}
