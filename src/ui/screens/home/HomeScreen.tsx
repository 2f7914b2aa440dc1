import { useEffect, useMemo, useState } from 'react';
import { type NoteTarget, noteTarget } from '../../../notes/new-note.ts';
import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { NoteList } from '../../notes/NoteList.tsx';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { prefetchScreens } from '../../screen-loaders.ts';
import { useServices } from '../../services.ts';
import { AddNote } from './AddNote.tsx';

/**
 * `/`: the notes on what the learner is looking at (`playerData`), newest first, with Add note;
 * without player data, their most recent notes and a hint. Another resource's notes never show
 * under this title: the list is derived for the current resource only.
 */
export function HomeScreen() {
  const { session, notes, i18n, shortcuts, platform } = useServices();
  const { t } = i18n;
  const context = session.context.value;
  const player = context?.playerData ?? null;
  const refId = player?.resourceId ?? null;
  const epoch = notes.epoch.value;
  const list = useMemo(() => (refId ? notes.resourceNotes(refId) : notes.recentNotes()), [refId]);
  useEffect(() => () => list.cancel(), [list]);
  useEffect(() => list.ensure(), [list, epoch]);
  const [target, setTarget] = useState<NoteTarget | null>(null);
  const shown = list.notes.value;
  useEffect(() => {
    if (shown.length) platform.whenIdle(prefetchScreens);
  }, [shown.length > 0]);

  const startNote = () => {
    if (player && context) setTarget(noteTarget(player, context.user, session.parentHost.value));
  };
  useEffect(() => shortcuts.on('new-note', startNote), [player, context]);

  const where = player ? [player.courseTitle, player.moduleTitle].filter(Boolean).join(' › ') : '';
  return (
    <section className="screen home" aria-labelledby={SCREEN_TITLE_ID}>
      <header className="screen-head">
        <ScreenTitle>{player ? player.resourceTitle || t('Untitled') : t('Recent notes')}</ScreenTitle>
        {where && (
          <p className="screen-context" dir="auto">
            {where}
          </p>
        )}
        {player ? (
          !target && (
            <button type="button" className="btn" onClick={startNote}>
              {t('Add note')}
            </button>
          )
        ) : (
          <p className="hint">{t('Open a video, a PDF or an article to take notes on it.')}</p>
        )}
      </header>
      {target && <AddNote target={target} onDone={() => setTarget(null)} />}
      <NoteList
        list={list}
        label={
          player ? t('Notes on {title}', { title: player.resourceTitle || t('Untitled') }) : t('Recent notes')
        }
        title={player ? 'anchor' : 'source'}
        showPath={!player}
        empty={player ? 'No notes on this yet' : 'No notes yet'}
        emptyHint={player ? 'Press Add note to write your first one.' : undefined}
      />
    </section>
  );
}
