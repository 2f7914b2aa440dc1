import type { Note } from '../../../protocol/api-types.ts';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';

/**
 * The wide frame's edit pane beside the list: where the note was taken and the editor. Saving or
 * cancelling closes it and puts focus back on the note's card in the list, where the learner was.
 */
export function NoteDetail({ note, onClose }: { note: Note; onClose(): void }) {
  const { notes, focus, parts } = useServices();
  const t = useT();
  const cardId = `note-${note.noteId}`;
  const close = () => {
    onClose();
    focus.request(cardId);
  };
  const path = [note.courseTitle, note.moduleTitle, note.refTitle].filter(Boolean).join(' › ');
  return (
    <section className="view-detail card" aria-labelledby="view-detail-title">
      <h2 id="view-detail-title" className="note-title">
        {t('Edit note')}
      </h2>
      {path && (
        <p className="note-path" dir="auto">
          {path}
        </p>
      )}
      <parts.Editor
        key={note.noteId}
        initialText={note.text}
        initialHtml={note.content}
        initialTags={note.tags}
        initialInReview={note.inReview}
        draftKey={`edit:${note.noteId}`}
        onSave={async (changes) => {
          const result = await notes.update(note, changes, `edit:${note.noteId}`);
          if (result.ok) close();
          return result;
        }}
        onCancel={close}
      />
    </section>
  );
}
