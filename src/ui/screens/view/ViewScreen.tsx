import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { filterKey } from '../../../notes/read/note-filter.ts';
import type { Note, NoteOrder } from '../../../protocol/api-types.ts';
import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import type { ScreenProps } from '../../screens.ts';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { CourseFilter } from './CourseFilter.tsx';
import { NoteDetail } from './NoteDetail.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SeekSetting } from './SeekSetting.tsx';
import { SortMenu } from './SortMenu.tsx';
import { prepareSearchMatch, searchMatcher } from './search-match.ts';
import { parseSearch, tagSearch } from './search-query.ts';
import { type Later, useDebounced } from './use-debounced.ts';
import { useResultAnnouncement } from './use-result-announcement.ts';
import { useUnsavedIds } from './use-unsaved-ids.ts';
import { ViewList } from './ViewList.tsx';
import { isNarrowed, noteCount, viewFilter } from './view-filter.ts';

/** How long typing must pause before the server is asked (ms). */
export const SEARCH_DELAY = 300;

/** `/view` takes the router's props; tests may shorten the search delay or drive its clock. */
export type ViewScreenProps = ScreenProps & { searchDelay?: number; searchLater?: Later };

/**
 * `/view`: all of the learner's notes, searched, filtered by course and sorted. What is typed
 * filters the loaded notes at once; once typing pauses the server is asked for the rest, and the
 * search it replaces is cancelled. Wide frames edit in a pane beside the list, narrow ones in place.
 */
export function ViewScreen({ searchDelay = SEARCH_DELAY, searchLater }: ViewScreenProps) {
  const { notes, session, nav } = useServices();
  const t = useT();
  // A tag activated on a card opens this screen filtered by it (the navigation's state).
  const arrived = useValue(nav.state);
  const [query, setQuery] = useState(() => (arrived?.tag ? tagSearch(arrived.tag) : ''));
  useEffect(() => {
    if (arrived?.tag) setQuery(tagSearch(arrived.tag));
  }, [arrived]);
  const [courseId, setCourseId] = useState('');
  // Each note's tag keys and creation time are worked out as notes arrive (mostly cache hits after
  // that), so no keystroke pays for all of them at once.
  useEffect(() => notes.cache.visible.subscribe(prepareSearchMatch), []);
  const [order, setOrder] = useState<NoteOrder>('newest');
  const [editing, setEditing] = useState<string | null>(null);
  const asked = useDebounced(query, searchDelay, searchLater);
  const epoch = useValue(notes.epoch);

  const shownSearch = useMemo(() => parseSearch(query), [query]);
  const askedSearch = useMemo(() => parseSearch(asked), [asked]);
  const shownFilter = viewFilter(shownSearch, courseId);
  const askedFilter = viewFilter(askedSearch, courseId);
  // What the API can't filter (course titles, dates, unsaved) is matched here, over the loaded notes;
  // tags are in the list's own filter.
  const unsaved = useUnsavedIds(shownSearch.unsaved);
  const match = useMemo(
    () => searchMatcher({ ...shownSearch, tags: [] }, { courseTitle: (n) => n.courseTitle, unsaved }),
    [shownSearch, unsaved],
  );
  const shownKey = `${order}:${filterKey(shownFilter)}`;
  const askedKey = `${order}:${filterKey(askedFilter)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one list per distinct filter and order: `shownKey` says them by value, while `shownFilter` is a new object on each render
  const list = useMemo(() => notes.searchNotes(shownFilter, order), [shownKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above: `askedKey` says the asked filter and order by value
  const server = useMemo(() => notes.searchNotes(askedFilter, order), [askedKey]);
  useEffect(() => () => server.cancel(), [server]);
  // Before the first paint, not after it: the list's request leaves a frame sooner.
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the trigger, not read: a new context bumps it and the list must be ensured (reloaded) again
  useLayoutEffect(() => server.ensure(), [server, epoch]);
  const settled = shownKey === askedKey;

  const loaded = useValue(list.notes);
  const shown = useMemo(() => (match ? loaded.filter(match) : loaded), [loaded, match]);
  const record = useValue(list.record);
  const hasMore = useValue(list.hasMore);
  const visible = useValue(notes.cache.visible);
  const small = useValue(session.smallScreen);
  // The server's total counts its filter only: with a part matched here, known once all is loaded.
  const count = match && hasMore ? null : noteCount(shown.length, !hasMore, record.total);
  useResultAnnouncement(
    settled && isNarrowed(askedFilter, askedSearch) ? `${asked}\u0000${filterKey(askedFilter)}` : null,
    record.status === 'ready',
    count ?? shown.length,
  );

  const onEdit = useCallback((note: Note) => setEditing(note.noteId), []);
  const onEditEnd = useCallback(() => setEditing(null), []);
  const wide = !small;
  const detail = wide && editing ? visible.find((n) => n.noteId === editing) : undefined;
  // Asking the server, or going through every page for a part matched here.
  const searching =
    settled &&
    ((Boolean(shownFilter.query || shownFilter.tags) && record.status === 'loading') ||
      (match !== null && hasMore));

  return (
    <section className="screen view" aria-labelledby={SCREEN_TITLE_ID}>
      <header className="screen-head">
        <ScreenTitle>{t('All notes')}</ScreenTitle>
        <p className="count view-count">
          {count !== null && shown.length > 0 && t('note count', { count })}
          {searching && <span className="view-searching"> {t('Searching all your notes…')}</span>}
        </p>
        <SeekSetting />
      </header>
      <search className="view-controls" aria-label={t('Search and filter notes')}>
        <SearchBox value={query} onChange={setQuery} />
        <CourseFilter value={courseId} onChange={setCourseId} />
        <SortMenu value={order} onChange={setOrder} />
      </search>
      <div className={detail ? 'view-body has-detail' : 'view-body'}>
        <ViewList
          list={list}
          shown={shown}
          local={match !== null}
          pager={settled ? server : null}
          query={shownSearch.query}
          count={count}
          editing={editing}
          inPlace={!wide}
          onEdit={onEdit}
          onEditEnd={onEditEnd}
          empty={
            isNarrowed(shownFilter, shownSearch)
              ? { title: 'No notes match your search' }
              : { title: 'No notes yet', hint: 'Notes you write on any course appear here.' }
          }
        />
        {detail && <NoteDetail note={detail} onClose={onEditEnd} />}
      </div>
    </section>
  );
}
