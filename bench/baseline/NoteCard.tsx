import { formatClock, relativeTime } from '../../src/format/note-format.ts';
import type { Note } from '../../src/protocol/api-types.ts';

/** Where a note was taken, as its title and as its button's label ("at 03:12" / "Go to 03:12"). */
const place = (note: Note): string | null =>
  !note.anchor
    ? null
    : note.anchor.kind === 'time'
      ? formatClock(note.anchor.seconds)
      : `p. ${note.anchor.page}`;

/** One note as the app's card shows it on `/`: its place, its text, Go to …, and when it changed. */
export function NoteCard({ note, onSeek }: { note: Note; onSeek(note: Note): void }) {
  const where = place(note);
  const id = `note-${note.noteId}`;
  return (
    <article className="note card" id={id} tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h2 className="note-title" id={`${id}-title`} dir="auto">
        {where ? (note.anchor?.kind === 'time' ? `at ${where}` : where) : 'Note'}
      </h2>
      <p className="note-text" dir="auto">
        {note.text}
      </p>
      <div className="note-meta">
        {where && (
          <button type="button" className="btn-link anchor" onClick={() => onSeek(note)}>
            Go to {where}
          </button>
        )}
        <time dateTime={note.updatedOn}>{relativeTime(note.updatedOn, Date.now(), 'en')}</time>
      </div>
    </article>
  );
}
