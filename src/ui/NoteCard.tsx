import { anchorMessage, relativeTime } from '../format/note-format.ts';
import type { Note } from '../protocol/api-types.ts';
import { useServices } from './services.ts';

/** Longest preview shown in a list, in characters. */
const PREVIEW = 280;

/**
 * One note in a list: what it is on, where in it (time or page), when it changed, and a plain-text
 * preview. Rendering `text` (never `content`) keeps untrusted HTML out of lists entirely.
 */
export function NoteCard({ note, showSource = true }: { note: Note; showSource?: boolean }) {
  const { i18n, now } = useServices();
  const { t } = i18n;
  const anchor = anchorMessage(note.anchor);
  const preview = note.text.length > PREVIEW ? `${note.text.slice(0, PREVIEW)}…` : note.text;
  const titleId = `note-${note.noteId}`;
  const updated = t('Updated {when}', { when: relativeTime(note.updatedOn, now(), i18n.locale.value) });
  // On a resource's own screen the source is the page heading, so each note is named by its place.
  const heading = showSource
    ? note.refTitle || t('Untitled')
    : anchor
      ? t(anchor.key, anchor.values)
      : updated;
  return (
    <article class="note card" aria-labelledby={titleId}>
      <h3 id={titleId} class="note-title" dir="auto">
        {heading}
      </h3>
      <p class="note-meta">
        {showSource && anchor && <span class="note-anchor">{t(anchor.key, anchor.values)}</span>}
        {heading !== updated && <time dateTime={note.updatedOn}>{updated}</time>}
      </p>
      <p class="note-text" dir="auto">
        {preview}
      </p>
    </article>
  );
}

/** A list of notes with an accessible name. */
export function NoteList({
  notes,
  label,
  showSource,
}: {
  notes: Note[];
  label: string;
  showSource?: boolean;
}) {
  return (
    <ul class="note-list" aria-label={label}>
      {notes.map((note) => (
        <li key={note.noteId}>
          <NoteCard note={note} showSource={showSource ?? true} />
        </li>
      ))}
    </ul>
  );
}
