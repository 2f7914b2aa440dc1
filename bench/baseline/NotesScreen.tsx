import { useEffect, useState, useSyncExternalStore } from 'react';
import { seekMessage } from '../../src/bridge/seek-message.ts';
import type { Note } from '../../src/protocol/api-types.ts';
import { NoteCard } from './NoteCard.tsx';
import { fetchResourceNotes } from './notes-api.ts';
import type { ParentContextStore } from './parent-context.ts';

type Load = { status: 'loading' } | { status: 'done'; notes: Note[] } | { status: 'error'; message: string };

/**
 * `/`: the notes on the resource in the player, newest first — the app's first screen, the
 * idiomatic React way: the context from an external store, the notes fetched in an effect.
 */
export function NotesScreen({ parent }: { parent: ParentContextStore }) {
  const accepted = useSyncExternalStore(parent.subscribe, parent.get);
  const player = accepted?.context.playerData ?? null;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // A new context (a new token, another resource) loads the list again; the older load is cancelled.
  useEffect(() => {
    const refId = accepted?.context.playerData?.resourceId;
    if (!accepted || !refId) return;
    const ctl = new AbortController();
    setLoad({ status: 'loading' });
    fetchResourceNotes(accepted, refId, ctl.signal).then(
      (notes) => setLoad({ status: 'done', notes }),
      (error: unknown) => {
        if (!ctl.signal.aborted) setLoad({ status: 'error', message: String(error) });
      },
    );
    return () => ctl.abort();
  }, [accepted]);

  const seek = (note: Note) => {
    const message = seekMessage(note);
    if (message) parent.seek(message);
  };
  const title = player ? player.resourceTitle || 'Untitled' : 'Notes';
  const where = player ? [player.courseTitle, player.moduleTitle].filter(Boolean).join(' › ') : '';
  return (
    <section className="screen home" aria-labelledby="screen-title">
      <header className="screen-head">
        <h1 id="screen-title" tabIndex={-1} dir="auto">
          {title}
        </h1>
        {where && (
          <p className="screen-context" dir="auto">
            {where}
          </p>
        )}
      </header>
      {accepted && !player ? (
        <p className="hint">Open a video, a PDF or an article to take notes on it.</p>
      ) : !accepted || load.status === 'loading' ? (
        <p className="hint">Loading notes…</p>
      ) : load.status === 'error' ? (
        <p role="alert">Could not load the notes ({load.message}).</p>
      ) : load.notes.length === 0 ? (
        <p className="hint">No notes on this yet</p>
      ) : (
        <ul className="note-list" aria-label={`Notes on ${title}`}>
          {load.notes.map((note) => (
            <li key={note.noteId}>
              <NoteCard note={note} onSeek={seek} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
