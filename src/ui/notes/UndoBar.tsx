import { useEffect, useRef } from 'react';
import { SCREEN_TITLE_ID } from '../focus-request.ts';
import { useServices } from '../services.ts';
import { useT, useValue } from '../use-value.ts';

/**
 * "Note deleted — Undo", for as long as the delete waits to be sent. Focus moves to Undo when it
 * appears, so a keyboard learner can take a delete back at once; if the bar closes while focus is
 * still in it, focus goes to the screen's title instead of being lost with the button.
 */
export function UndoBar() {
  const { notes, focus } = useServices();
  const t = useT();
  const latest = useValue(notes.pendingDeletes).at(-1);
  const button = useRef<HTMLButtonElement>(null);
  const focusLost = useRef(false);
  const id = latest?.note.noteId;

  // Read while rendering the bar's removal, before the button leaves the page.
  const el = button.current;
  if (!latest && el && el.ownerDocument.activeElement === el) focusLost.current = true;

  useEffect(() => {
    if (id) button.current?.focus();
    else if (focusLost.current && focus.pending.peek() === null) focus.request(SCREEN_TITLE_ID);
    focusLost.current = false;
  }, [id]);

  if (!latest) return null;
  return (
    // A region named by its message: outside <main>, its text must still sit in a landmark.
    <section className="undo-bar" aria-labelledby="undo-bar-message">
      <p id="undo-bar-message">{t('Note deleted')}</p>
      <button
        type="button"
        className="btn"
        ref={button}
        // Named "Undo delete" as well as showing "Undo": French shows "Annuler" for Undo and Cancel.
        aria-label={t('Undo delete')}
        onClick={() => {
          const noteId = latest.note.noteId;
          if (notes.undo(noteId)) focus.request(`note-${noteId}`);
        }}
      >
        {t('Undo')}
      </button>
    </section>
  );
}
