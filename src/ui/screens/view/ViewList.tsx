import { useEffect, useMemo, useRef } from 'react';
import type { NoteList } from '../../../notes/notes-model.ts';
import type { Note } from '../../../protocol/api-types.ts';
import { EmptyState, ListProblem, LoadProblem, Skeleton } from '../../notes/ListStatus.tsx';
import { NoteCard } from '../../notes/NoteCard.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { searchDecoration } from './Highlight.tsx';
import { useWindowList } from './use-window-list.ts';

/** Rows before the end of the loaded notes at which the next page is fetched. */
const AHEAD = 15;

/** What the all-notes list shows and how it pages. */
export type ViewListProps = {
  /** The list loaded for what is typed (derived at once from the cache). */
  list: NoteList;
  /** Its notes that pass the part of the search matched on the device: the notes to show. */
  shown: readonly Note[];
  /** A part of the search is matched on the device: pages are fetched until enough notes pass. */
  local: boolean;
  /** The list the server is asked for, once the search has settled; null while typing. */
  pager: NoteList | null;
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
 * The all-notes list, windowed: only the cards near the viewport are drawn (useWindowList), so
 * 10,000 loaded notes scroll and filter as 30 do. The next page is fetched as the drawn rows near
 * the end of what is loaded. Every row carries its place in the whole list (aria-posinset/setsize);
 * Tab moves through drawn cards and the frame scrolls, drawing the next ones; "Show more notes"
 * fetches the next page from the keyboard.
 */
export function ViewList(props: ViewListProps) {
  const { list, pager } = props;
  const { focus } = useServices();
  const t = useT();
  const { shown } = props;
  const loaded = useValue(list.notes).length;
  const record = useValue(list.record);
  const hasMore = useValue(list.hasMore);
  const decorate = useMemo(() => searchDecoration(props.query), [props.query]);
  const ul = useRef<HTMLUListElement>(null);
  const rows = useWindowList(ul, shown.length, (i) => shown[i]?.noteId ?? String(i));
  const canFetch = pager !== null && hasMore && !record.loadingMore && record.status === 'ready';
  const lastDrawn = rows.items.at(-1)?.index ?? -1;
  // The loaded length at the last automatic fetch: a page that brought nothing new (a server that
  // keeps handing out cursors) never triggers another one by itself — "Show more notes" still can.
  // Counted before the device's own matching, which may pass none of a page: then the next is fetched.
  const fetchedAt = useRef(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pager` changes with the list, and so does `canFetch`; its loadMore is read when the effect runs
  useEffect(() => {
    if (!canFetch || lastDrawn < shown.length - 1 - AHEAD || fetchedAt.current === loaded) return;
    fetchedAt.current = loaded;
    pager.loadMore();
  }, [canFetch, lastDrawn, shown.length, loaded]);

  // A focus request for a note outside the drawn rows (after Undo, say) scrolls it into the
  // window; its card then takes the focus as it is drawn.
  const pending = useValue(focus.pending);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` is a new object every render (the window list's answer); the effect must run on a new request or new notes, not on every redraw
  useEffect(() => {
    if (!pending?.startsWith('note-')) return;
    const index = shown.findIndex((n) => `note-${n.noteId}` === pending);
    if (index >= 0 && !rows.items.some((item) => item.index === index)) rows.reveal(index);
  }, [pending, shown]);

  const retry = (pager ?? list).retry;
  if (!shown.length) {
    if (record.status === 'error' && record.problem)
      return <LoadProblem problem={record.problem} onRetry={retry} />;
    const waiting =
      record.status === 'loading' || record.status === 'idle' || (props.local && pager !== null);
    if (hasMore && waiting) return <Skeleton />;
    return <EmptyState title={props.empty.title} hint={props.empty.hint} />;
  }
  return (
    <div className="view-list">
      <ul
        ref={ul}
        className="note-list"
        aria-label={t('Notes')}
        aria-busy={record.status === 'loading' || record.loadingMore || undefined}
        style={{ paddingBlockStart: rows.before, paddingBlockEnd: rows.after }}
      >
        {rows.items.map((item) => {
          const note = shown[item.index];
          if (!note) return null;
          return (
            <li
              key={note.noteId}
              ref={rows.measure}
              data-index={item.index}
              aria-posinset={item.index + 1}
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
          );
        })}
      </ul>
      {record.status === 'error' && record.problem && (
        <ListProblem problem={record.problem} onRetry={retry} />
      )}
      {pager !== null && hasMore && record.status !== 'error' && (
        <button
          type="button"
          className="btn-secondary more"
          aria-disabled={record.loadingMore || undefined}
          onClick={() => {
            if (!record.loadingMore) pager.loadMore();
          }}
        >
          {record.loadingMore ? t('Loading more notes…') : t('Show more notes')}
        </button>
      )}
    </div>
  );
}
