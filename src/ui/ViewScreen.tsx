import { useEffect } from 'preact/hooks';
import type { NotesPage } from '../protocol/api-types.ts';
import { ListState } from './ListState.tsx';
import { NoteList } from './NoteCard.tsx';
import { useServices } from './services.ts';

/** `/view`: all of the learner's notes, newest first. (Search, filters and windowing: screens issue.) */
export function ViewScreen() {
  const { notes, i18n } = useServices();
  const { t } = i18n;
  useEffect(() => notes.all.ensure(), []);
  const state = notes.all.state.value;
  return (
    <section aria-labelledby="view-title">
      <h1 id="view-title">{t('All notes')}</h1>
      {state.status === 'ready' && <p class="count">{t('note count', { count: state.data.total })}</p>}
      <ListState<NotesPage>
        state={state}
        isEmpty={(d) => d.notes.length === 0}
        emptyText="No notes yet"
        summary={(d) => t('note count', { count: d.total })}
        onRetry={() => void notes.all.reload()}
      >
        {(d) => <NoteList notes={d.notes} label={t('All notes')} />}
      </ListState>
    </section>
  );
}
