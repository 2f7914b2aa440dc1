import { useEffect, useMemo, useRef, useState } from 'react';
import type { NoteList } from '../../../notes/notes-model.ts';
import { CHUNK, grown, needsNextPage, triggerRow, windowHolding } from '../../../notes/render-window.ts';
import type { Note } from '../../../protocol/api-types.ts';
import { EmptyState, LoadProblem, Skeleton } from '../../notes/ListStatus.tsx';
import { NoteCard } from '../../notes/NoteCard.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { searchDecoration } from './Highlight.tsx';
import { useNearEnd } from './use-near-end.ts';

/** What the all-notes list shows and how it pages. */
export type ViewListProps = {
  /** The notes to show (derived at once from the cache for what is typed). */
  list: NoteList;
  /** The list the server is asked for, once the search has settled; null while typing. */
  pager: NoteList | null;
  /** Changes when the search, course or order does: the window starts again from the top. */
  windowKey: string;
  query: string;
  /** How many notes the whole list holds, when known (aria-setsize). */
  count: number | null;
  /** The note being edited; `inPlace` edits it in its card, else the screen shows a pane. */
  editing: string | null;
  inPlace: boolean;
  onEdit(note: Note): void;
  onEditEnd(): void;
  empty: { title: string; hint?: string };
};

/**
 * The all-notes list, windowed by growth: it renders the first `CHUNK` rows and more as the
 * learner nears the end (an IntersectionObserver on a row near the end), fetching the next page
 * before the loaded notes run out. Rows stay once rendered, so Tab never gets stuck and focus is
 * never lost; `content-visibility: auto` (view.css) keeps off-screen rows cheap. "Show more notes"
 * does the same from the keyboard or without an observer.
 */
export function ViewList(props: ViewListProps) {
  const { list, pager, windowKey } = props;
  const { focus } = useServices();
  const t = useT();
  const shown = useValue(list.notes);
  const record = useValue(list.record);
  const hasMore = useValue(list.hasMore);
  const [win, setWin] = useState({ key: windowKey, size: CHUNK });
  const size = win.key === windowKey ? win.size : CHUNK;
  const rows = shown.length > size ? shown.slice(0, size) : shown;
  const decorate = useMemo(() => searchDecoration(props.query), [props.query]);
  const canFetch = pager !== null && hasMore && !record.loadingMore && record.status === 'ready';
  const canGrow = size < shown.length || canFetch;
  const ul = useRef<HTMLUListElement>(null);
  const last = triggerRow(rows.length);

  const more = () => {
    const next = grown(Math.min(size, shown.length));
    setWin({ key: windowKey, size: next });
    if (canFetch && needsNextPage(next, shown.length)) pager.loadMore();
  };
  useNearEnd(() => ul.current?.children[last] ?? null, more, canGrow, [
    windowKey,
    rows.length,
    shown.length,
    canFetch,
  ]);

  // A focus request for a note beyond the window (after Undo, say) renders it; NoteCard then
  // focuses it, which scrolls it into view.
  const pending = useValue(focus.pending);
  useEffect(() => {
    if (!pending?.startsWith('note-')) return;
    const index = shown.findIndex((n) => `note-${n.noteId}` === pending);
    if (index >= size) setWin({ key: windowKey, size: windowHolding(index, size) });
  }, [pending, shown]);

  const retry = (pager ?? list).retry;
  if (!shown.length) {
    if (record.status === 'error' && record.problem)
      return <LoadProblem problem={record.problem} onRetry={retry} />;
    if (hasMore && (record.status === 'loading' || record.status === 'idle')) return <Skeleton />;
    return <EmptyState title={props.empty.title} hint={props.empty.hint} />;
  }

  const onMoreClick = () => {
    if (record.loadingMore) return;
    const first = shown[size];
    more();
    if (first) focus.request(`note-${first.noteId}`);
  };
  return (
    <div className="view-list">
      <ul
        ref={ul}
        className="note-list"
        aria-label={t('Notes')}
        aria-busy={record.status === 'loading' || record.loadingMore || undefined}
      >
        {rows.map((note, i) => (
          <li
            key={note.noteId}
            aria-posinset={i + 1}
            aria-setsize={props.count ?? -1}
            className={!props.inPlace && props.editing === note.noteId ? 'is-open' : undefined}
          >
            <NoteCard
              note={note}
              title="source"
              decorate={decorate}
              editing={props.inPlace && props.editing === note.noteId}
              onEdit={props.onEdit}
              onEditEnd={props.onEditEnd}
            />
          </li>
        ))}
      </ul>
      {record.status === 'error' && record.problem && (
        <LoadProblem problem={record.problem} onRetry={retry} />
      )}
      {(size < shown.length || (pager !== null && hasMore && record.status !== 'error')) && (
        <button
          type="button"
          className="btn-secondary more"
          aria-disabled={record.loadingMore || undefined}
          onClick={onMoreClick}
        >
          {record.loadingMore ? t('Loading more notes…') : t('Show more notes')}
        </button>
      )}
    </div>
  );
}
