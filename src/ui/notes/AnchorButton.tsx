import { anchorAction } from '../../format/note-format.ts';
import type { Note } from '../../protocol/api-types.ts';
import { useServices } from '../services.ts';
import { useT } from '../use-value.ts';

/**
 * "Go to 03:12" / "Go to page 4": asks the portal's player to go to where the note was taken (a
 * SEEK message to the parent). Nothing for a note without an anchor.
 */
export function AnchorButton({ note }: { note: Note }) {
  const { seek } = useServices();
  const t = useT();
  const action = anchorAction(note.anchor);
  if (!action) return null;
  return (
    <button type="button" className="btn-link anchor" onClick={() => seek(note)}>
      {t(action.key, action.values)}
    </button>
  );
}
