import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { firstList } from '../../../routes/first-list.ts';
import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { NoteList } from '../../notes/NoteList.tsx';
import type { NoteStart } from '../../notes/new-note.ts';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';

/**
 * `/`: the notes on what the learner is looking at (`playerData`), newest first, with Add note;
 * without player data, their most recent notes and a hint. Another resource's notes never show
 * under this title: the list is derived for the current resource only.
 */
export function HomeScreen() {
  const { session, notes, shortcuts, page, prefetch, parts } = useServices();
  const t = useT();
  const context = useValue(session.context);
  const player = context?.playerData ?? null;
  const refId = player?.resourceId ?? null;
  const epoch = useValue(notes.epoch);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changes with the resource (`refId`), not with each new player object (a new currentTime)
  const list = useMemo(() => firstList('/', player, notes.firstNotes), [refId]);
  useEffect(() => () => list.cancel(), [list]);
  // Before the first paint, not after it: the list's request leaves a frame sooner.
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the trigger, not read: a new context bumps it and the list must be ensured (reloaded) again
  useLayoutEffect(() => list.ensure(), [list, epoch]);
  const [target, setTarget] = useState<NoteStart | null>(null);
  const shown = useValue(list.notes);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the first note appears (`shown.length > 0` turns true), not on every change of the count
  useEffect(() => {
    if (!shown.length) return;
    // The first note is on screen: fetch what the learner may use next while the link is idle.
    page.whenIdle(prefetch);
  }, [shown.length > 0]);

  const startNote = () => {
    // The place is taken now, from the player as it is when the learner pressed the button.
    if (player && context) setTarget({ player, user: context.user, domain: session.parentHost.peek() });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `startNote` is a new closure each render; what it reads is `player` and `context`, so the shortcut is re-bound when they change
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
      {target && <parts.AddNote start={target} onDone={() => setTarget(null)} />}
      <NoteList
        list={list}
        label={
          player ? t('Notes on {title}', { title: player.resourceTitle || t('Untitled') }) : t('Recent notes')
        }
        title={player ? 'anchor' : 'source'}
        empty={player ? 'No notes on this yet' : 'No notes yet'}
        emptyHint={player ? 'Press Add note to write your first one.' : undefined}
      />
    </section>
  );
}
