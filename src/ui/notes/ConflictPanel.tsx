import { useId, useState } from 'react';
import type { Conflict } from '../../notes/write/journal.ts';
import { useServices } from '../services.ts';
import { useT } from '../use-value.ts';

/** One version's tags, after its text ("Tags: none" when it has none, so the two can be compared). */
function VersionTags({ tags }: { tags: readonly string[] }) {
  const t = useT();
  return (
    <p className="conflict-tags" dir="auto">
      {tags.length ? t('Tags: {tags}', { tags: tags.join(', ') }) : t('Tags: none')}
    </p>
  );
}

/**
 * A note the learner edited while someone else changed it (HTTP 409) or deleted it: both versions
 * side by side as plain text with their tags, and the choice — keep mine, keep the saved one, or keep both (mine
 * as a new note). Nothing is dropped until the learner chooses; the choice goes through the outbox
 * like any save, so it too survives a failing link.
 */
export function ConflictPanel({ noteId, conflict }: { noteId: string; conflict: Conflict }) {
  const { notes, focus } = useServices();
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const choose = async (choice: 'mine' | 'theirs' | 'both') => {
    setBusy(true);
    const result = await notes.resolve(noteId, choice);
    setBusy(false);
    if (result.ok) focus.request(`note-${result.note.noteId}`);
  };
  const gone = conflict.current === null;
  return (
    <section className="conflict" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {gone ? t('This note was deleted elsewhere') : t('This note was changed elsewhere')}
      </h3>
      <div className="conflict-versions">
        <div>
          <h4>{t('Your version')}</h4>
          <p dir="auto">{conflict.mine.text}</p>
          <VersionTags tags={conflict.mine.tags ?? conflict.base.tags} />
        </div>
        {conflict.current && (
          <div>
            <h4>{t('Saved version')}</h4>
            <p dir="auto">{conflict.current.text}</p>
            <VersionTags tags={conflict.current.tags} />
          </div>
        )}
      </div>
      <div className="editor-actions">
        <button
          type="button"
          className="btn"
          aria-disabled={busy || undefined}
          onClick={() => !busy && void choose('mine')}
        >
          {gone ? t('Save mine as a new note') : t('Keep mine')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          aria-disabled={busy || undefined}
          onClick={() => !busy && void choose('theirs')}
        >
          {gone ? t('Discard mine') : t('Keep saved version')}
        </button>
        {!gone && (
          <button
            type="button"
            className="btn-secondary"
            aria-disabled={busy || undefined}
            onClick={() => !busy && void choose('both')}
          >
            {t('Keep both')}
          </button>
        )}
      </div>
    </section>
  );
}
