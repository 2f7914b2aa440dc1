import { useEffect, useRef, useState } from 'react';
import { anchorAction, formatClock } from '../../../format/note-format.ts';
import type { Sanitize } from '../../../format/sanitize-html.ts';
import type { Note } from '../../../protocol/api-types.ts';
import { hasCloze } from '../../../protocol/review-rules.ts';
import { blankClozes, firstLine } from '../../../review/cloze-prompt.ts';
import { RATINGS } from '../../../review/ratings.ts';
import type { ReviewDeck } from '../../../review/review-deck.ts';
import { AnchorButton } from '../../notes/AnchorButton.tsx';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';

/** True when a key press belongs to a control or a text field, not to the review keys. */
const ownKey = (target: EventTarget | null): boolean =>
  target instanceof Element && !!target.closest('button, a, input, textarea, select, [contenteditable]');

/**
 * One due note: where it was taken (course › module › resource, "At 03:12" / "Page 4"), the prompt
 * — the note with its hidden words blanked, or its first line — then Show answer (Space), which
 * reveals the note and moves focus to it, and the four ratings (keys 1–4). Both are announced in
 * the app's live region. Go to 03:12 asks the player to seek, as on every card.
 */
export function ReviewCard({ note, deck }: { note: Note; deck: ReviewDeck }) {
  const { sanitizer, announcer } = useServices();
  const t = useT();
  const [sanitize, setSanitize] = useState<Sanitize | null>(sanitizer.current);
  const [shown, setShown] = useState(false);
  const root = useRef<HTMLElement>(null);
  const answer = useRef<HTMLElement>(null);
  const show = useRef<HTMLButtonElement>(null);
  const [doc, setDoc] = useState<Document | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: the card is keyed by its note
  useEffect(() => {
    setDoc(root.current?.ownerDocument ?? null);
    if (!sanitize)
      void sanitizer.load().then(
        (s) => setSanitize(() => s),
        () => undefined,
      );
    // The card after a rating takes focus, so a keyboard learner goes straight on with Space.
    if (deck.ratedHere()) show.current?.focus();
  }, []);
  const reveal = () => {
    if (shown) return;
    setShown(true);
    announcer.announce('Answer shown');
  };
  useEffect(() => {
    if (shown) answer.current?.focus();
  }, [shown]);
  const rateAs = (r: (typeof RATINGS)[number]) => {
    deck.rate(note, r.rating);
    announcer.announce('Rated {rating}', { rating: t(r.label) });
  };
  // The keys act on the card as it is now (revealed or not): the listener reads the latest handler.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (event.key === ' ' && !shown && !ownKey(event.target)) {
      event.preventDefault();
      reveal();
    } else if (shown && /^[1-4]$/.test(event.key) && !ownKey(event.target)) {
      event.preventDefault();
      const r = RATINGS[Number(event.key) - 1];
      if (r) rateAs(r);
    }
  };
  useEffect(() => {
    const target = root.current?.ownerDocument;
    const listener = (event: KeyboardEvent) => onKey.current(event);
    target?.addEventListener('keydown', listener);
    return () => target?.removeEventListener('keydown', listener);
  }, []);

  const where = [note.courseTitle, note.moduleTitle, note.refTitle].filter(Boolean).join(' › ');
  const place = note.anchor
    ? note.anchor.kind === 'time'
      ? t('At {time}', { time: formatClock(note.anchor.seconds) })
      : t('Page {page}', { page: note.anchor.page })
    : null;
  const cloze = hasCloze(note.content);
  const html = (content: string) =>
    // The only HTML shown: what the sanitiser returned (stored notes are untrusted).
    sanitize ? { __html: sanitize(content, 'card') } : null;
  const prompt =
    cloze && doc ? html(blankClozes(note.content, doc.implementation.createHTMLDocument(''))) : null;
  const full = html(note.content);
  return (
    <article ref={root} className="card review-card" aria-label={t('Note to review')}>
      <p className="review-where" dir="auto">
        {where}
      </p>
      {place && <p className="review-place">{place}</p>}
      <h2 className="visually-hidden">{t('Prompt')}</h2>
      {cloze ? (
        prompt ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: only what the one DOMPurify configuration returned
          <div className="review-prompt note-text note-rich" dir="auto" dangerouslySetInnerHTML={prompt} />
        ) : (
          <p className="review-prompt hint">{t('Loading…')}</p>
        )
      ) : (
        <>
          <p className="review-prompt" dir="auto">
            {firstLine(note.text)}
          </p>
          <p className="hint">{t('The rest is hidden until you show the answer.')}</p>
        </>
      )}
      {!shown ? (
        <button
          ref={show}
          type="button"
          className="btn review-show"
          onClick={reveal}
          aria-keyshortcuts="Space"
        >
          {t('Show answer')}
        </button>
      ) : (
        <>
          <section ref={answer} className="review-answer" tabIndex={-1} aria-label={t('Answer')}>
            {full ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: only what the one DOMPurify configuration returned
              <div className="note-text note-rich" dir="auto" dangerouslySetInnerHTML={full} />
            ) : (
              <p className="note-text" dir="auto">
                {note.text}
              </p>
            )}
          </section>
          <fieldset className="review-ratings">
            <legend>{t('How well did you remember it?')}</legend>
            {RATINGS.map((r) => (
              <button
                key={r.rating}
                type="button"
                className={r.rating === 1 ? 'btn-secondary' : 'btn'}
                onClick={() => rateAs(r)}
                aria-keyshortcuts={String(r.rating)}
              >
                {t(r.label)}
              </button>
            ))}
          </fieldset>
        </>
      )}
      <p className="hint review-keys">
        {shown ? t('Keys: 1 Again, 2 Hard, 3 Good, 4 Easy') : t('Key: Space shows the answer')}
      </p>
      {anchorAction(note.anchor) && (
        <p className="review-seek">
          <AnchorButton note={note} />
        </p>
      )}
    </article>
  );
}
