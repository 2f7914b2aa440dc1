import { memo, type ReactNode, useRef } from 'react';
import { anchorMessage } from '../../format/note-format.ts';
import type { Note } from '../../protocol/api-types.ts';
import { isInReview } from '../../protocol/review-rules.ts';
import { useFocusTarget } from '../focus-request.ts';
import { useServices } from '../services.ts';
import { useT, useValue } from '../use-value.ts';
import { AnchorButton } from './AnchorButton.tsx';
import { NoteBody } from './NoteBody.tsx';
import { RelativeTime } from './RelativeTime.tsx';

/** How a card presents its note. */
export type NoteCardProps = {
  note: Note;
  /**
   * `anchor`: named by its place in the resource (`/`, a course's resource groups); `source`: by
   * course › module › resource (lists across resources).
   */
  title: 'anchor' | 'source';
  /** Shapes the title and the text, e.g. `/view` cuts previews and marks search matches. */
  decorate?: ((text: string, part: 'title' | 'text') => ReactNode) | undefined;
  /** Level of the card's title heading (default 2): below the course screen's module and resource headings, 4. */
  headingLevel?: 2 | 3 | 4;
  editing: boolean;
  onEdit(note: Note): void;
  onEditEnd(): void;
};

/**
 * One note: its place (anchor button) or source, its text (NoteBody: plain text, then the sanitised HTML), its tags (each filters `/view` by it), when it changed, "In review" (as text) when it is, and Edit / Delete. While editing, the editor takes the text's
 * place. The card is a focus target, so focus can land on it after a save or an Undo.
 */
export const NoteCard = memo(function NoteCard(props: NoteCardProps) {
  const { note, editing } = props;
  const { notes, focus, parts, nav } = useServices();
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const domId = `note-${note.noteId}`;
  useFocusTarget(focus, domId, ref);
  const saving = useValue(notes.cache.saving).has(note.noteId);
  const unsaved = useValue(notes.unsaved).has(note.noteId);
  const conflict = useValue(notes.conflicts)[note.noteId];
  const anchor = anchorMessage(note.anchor);
  const title =
    props.title === 'source'
      ? [note.courseTitle, note.moduleTitle, note.refTitle || t('Untitled')].filter(Boolean).join(' › ')
      : anchor
        ? t(anchor.key, anchor.values)
        : t('Note');
  const shape = props.decorate ?? ((text: string) => text);
  const Heading = `h${props.headingLevel ?? 2}` as const;

  return (
    <article className="note card" id={domId} ref={ref} tabIndex={-1} aria-labelledby={`${domId}-title`}>
      <Heading className="note-title" id={`${domId}-title`} dir="auto">
        {shape(title, 'title')}
      </Heading>
      {editing ? (
        <parts.Editor
          initialText={note.text}
          initialHtml={note.content}
          initialTags={note.tags}
          initialInReview={note.inReview}
          draftKey={`edit:${note.noteId}`}
          onSave={async (changes) => {
            const result = await notes.update(note, changes, `edit:${note.noteId}`);
            if (result.ok) {
              props.onEditEnd();
              focus.request(domId);
            }
            return result;
          }}
          onCancel={() => {
            props.onEditEnd();
            focus.request(domId);
          }}
        />
      ) : (
        <NoteBody note={note} decorate={props.decorate} />
      )}
      {note.tags.length > 0 && (
        // Each tag opens `/view` filtered by it (the search box then reads `tag:…`).
        <ul className="note-meta note-tags">
          {note.tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="btn-link"
                dir="auto"
                aria-label={t('Notes tagged {tag}', { tag })}
                onClick={() => nav.navigate('/view', { state: { tag } })}
              >
                {tag}
              </button>
            </li>
          ))}
        </ul>
      )}
      {conflict && <parts.ConflictPanel noteId={note.noteId} conflict={conflict} />}
      <div className="note-meta">
        <AnchorButton note={note} />
        <RelativeTime iso={note.updatedOn} />
        {isInReview(note) && <span className="note-review">{t('In review')}</span>}
        {saving && (
          <span className="note-saving">{unsaved ? t('Not saved yet — retrying') : t('Saving…')}</span>
        )}
      </div>
      {!editing && (
        <div className="note-actions">
          <button
            type="button"
            className="btn-secondary"
            aria-describedby={`${domId}-title`}
            disabled={saving}
            onClick={() => props.onEdit(note)}
          >
            {t('Edit note')}
          </button>
          <button
            type="button"
            className="btn-secondary danger"
            aria-describedby={`${domId}-title`}
            disabled={saving}
            onClick={() => notes.remove(note)}
          >
            {t('Delete note')}
          </button>
        </div>
      )}
    </article>
  );
});
