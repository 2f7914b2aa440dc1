import { useEffect } from 'preact/hooks';
import type { HomeNotes } from '../notes/notes-model.ts';
import { ListState } from './ListState.tsx';
import { NoteList } from './NoteCard.tsx';
import { useServices } from './services.ts';

/**
 * `/`: the notes on what the learner is looking at, newest first; without player data, the most
 * recent notes and a hint. (The editor and note actions arrive with the screens issue.)
 */
export function HomeScreen() {
  const { notes, session, i18n } = useServices();
  const { t } = i18n;
  useEffect(() => notes.home.ensure(), []);
  const player = session.context.value?.playerData ?? null;
  const title = player
    ? t('Notes on {title}', { title: player.resourceTitle || t('Untitled') })
    : t('Recent notes');
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title" dir="auto">
        {title}
      </h1>
      {!player && <p class="hint">{t('Open a video, a PDF or an article to take notes on it.')}</p>}
      <ListState<HomeNotes>
        state={notes.home.state.value}
        isEmpty={(d) => d.notes.length === 0}
        emptyText="No notes yet"
        summary={(d) => t('note count', { count: d.notes.length })}
        onRetry={() => void notes.home.reload()}
      >
        {(d) => <NoteList notes={d.notes} label={title} showSource={d.kind === 'recent'} />}
      </ListState>
    </section>
  );
}
