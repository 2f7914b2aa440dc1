import { useState } from 'react';
import { anchorMessage } from '../../format/note-format.ts';
import { SCREEN_TITLE_ID } from '../focus-request.ts';
import { useServices } from '../services.ts';
import { useT } from '../use-value.ts';
import { NoteEditor } from './NoteEditor.tsx';
import { type NoteStart, noteTarget } from './new-note.ts';

/**
 * The new-note form: where the note will be attached (fixed when Add note was pressed, so the
 * player moving on doesn't move it) and the editor. On save, focus goes to the new note.
 */
export function AddNote({ start, onDone }: { start: NoteStart; onDone(): void }) {
  const { notes, focus } = useServices();
  const t = useT();
  const [target] = useState(() => noteTarget(start));
  const anchor = anchorMessage(target.anchor);
  const place = anchor ? t(anchor.key, anchor.values) : '';
  return (
    <section className="card add-note" aria-labelledby="add-note-title">
      <h2 id="add-note-title" dir="auto">
        {t('New note')}
        {place && <span className="add-note-place"> · {place}</span>}
      </h2>
      <NoteEditor
        initialText=""
        initialHtml=""
        draftKey={`new:${target.refId}`}
        onSave={async (changes) => {
          const result = await notes.add({ ...target, ...changes }, `new:${target.refId}`);
          if (result.ok) {
            onDone();
            focus.request(`note-${result.note.noteId}`);
          }
          return result;
        }}
        onCancel={() => {
          onDone();
          focus.request(SCREEN_TITLE_ID);
        }}
      />
    </section>
  );
}
