import { type ReactNode, useEffect, useState } from 'react';
import type { Sanitize } from '../../format/sanitize-html.ts';
import type { Note } from '../../protocol/api-types.ts';
import { useServices } from '../services.ts';

/** A note's body and, optionally, how its plain text is shaped. */
export type NoteBodyProps = {
  note: Note;
  /** Shapes the plain text (search marks in `/view`); a decorated body stays plain text. */
  decorate?: ((text: string, part: 'title' | 'text') => ReactNode) | undefined;
};

/**
 * A note's body. Stored HTML is untrusted: it shows only once the sanitiser (a lazy chunk, fetched
 * when the browser is idle after the first body) has cleaned it — the sanitiser memoises per
 * content string, so re-renders cost a lookup; until then, or if the fetch fails, the plain `text`
 * shows (safe as it stands). The sanitiser itself turns the note's own headings into styled
 * paragraphs (`'card'`), so the page's heading outline holds; nothing rewrites its output. With
 * `decorate` (previews with search marks in `/view`) the body stays plain text on purpose: marks
 * and cut previews work on text, not on HTML.
 */
export function NoteBody({ note, decorate }: NoteBodyProps) {
  const { sanitizer, page } = useServices();
  const [loaded, setLoaded] = useState<Sanitize | null>(sanitizer.current);
  const rich = !decorate && !!note.content;
  useEffect(() => {
    if (!rich) return;
    const show = (sanitize: Sanitize) => setLoaded(() => sanitize);
    // A failed fetch leaves plain text; a body rendered later tries again.
    page.whenIdle(() => void sanitizer.load().then(show, () => undefined));
  }, [rich]);
  const sanitize = rich && loaded;
  return sanitize ? (
    // The only HTML the app injects, and only what the sanitiser returned.
    <div
      className="note-text note-rich"
      dir="auto"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: only what the one DOMPurify configuration returned, untouched
      dangerouslySetInnerHTML={{ __html: sanitize(note.content, 'card') }}
    />
  ) : (
    <p className="note-text" dir="auto">
      {decorate ? decorate(note.text, 'text') : note.text}
    </p>
  );
}
