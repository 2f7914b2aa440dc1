import { useState } from 'react';
import type { NoteList as List } from '../../notes/notes-model.ts';
import type { Note } from '../../protocol/api-types.ts';
import { useT, useValue } from '../use-value.ts';
import { EmptyState, ListProblem, LoadProblem, Skeleton } from './ListStatus.tsx';
import { NoteCard, type NoteCardProps } from './NoteCard.tsx';

/** Props of a plain (not windowed) list of notes. */
export type NoteListProps = {
  list: List;
  label: string;
  title: NoteCardProps['title'];
  empty: string;
  emptyHint?: string | undefined;
};

/**
 * A list of notes with its states: skeletons on the first load (no layout jump), the problem and
 * Retry when it failed, a friendly line when empty, "Show more" when the server has more. One
 * note at a time is edited in place.
 */
export function NoteList({ list, label, title, empty, emptyHint }: NoteListProps) {
  const t = useT();
  const [editing, setEditing] = useState<string | null>(null);
  const notes = useValue(list.notes);
  const record = useValue(list.record);
  const hasMore = useValue(list.hasMore);
  const loading = record.status === 'loading' || record.status === 'idle';
  if (!notes.length) {
    if (record.status === 'error' && record.problem)
      return <LoadProblem problem={record.problem} onRetry={list.retry} />;
    if (loading || hasMore) return <Skeleton />;
    return <EmptyState title={empty} hint={emptyHint} />;
  }
  const edit = (note: Note) => setEditing(note.noteId);
  return (
    <>
      <ul className="note-list" aria-label={label} aria-busy={loading || undefined}>
        {notes.map((note) => (
          <li key={note.noteId}>
            <NoteCard
              note={note}
              title={title}
              editing={editing === note.noteId}
              onEdit={edit}
              onEditEnd={() => setEditing(null)}
            />
          </li>
        ))}
      </ul>
      {record.status === 'error' && record.problem && (
        <ListProblem problem={record.problem} onRetry={list.retry} />
      )}
      {hasMore && (
        <button
          type="button"
          className="btn-secondary more"
          disabled={record.loadingMore}
          onClick={list.loadMore}
        >
          {record.loadingMore ? t('Loading more notes…') : t('Show more notes')}
        </button>
      )}
    </>
  );
}
