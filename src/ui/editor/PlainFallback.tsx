import { useEffect, useRef, useState } from 'react';
import { useT } from '../use-value.ts';

/** What the fallback shows and tells. */
type Props = {
  id: string;
  text: string;
  /** Takes focus on mount (the editor had it when it failed). */
  focus: boolean;
  /** Ids of what else describes the text (a problem with the note). */
  describedBy: string | null;
  onChange(text: string): void;
};

/**
 * Where the learner's text goes when the editor kept failing: a plain text area labelled "Note",
 * holding the text, with a sentence saying why — the note can still be written and saved — and
 * one saying how hidden words are written here (`{{…}}`, src/format/cloze-text.ts).
 */
export function PlainFallback({ id, text, focus, describedBy, onChange }: Props) {
  const t = useT();
  const [value, setValue] = useState(text);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focus) area.current?.focus();
  }, [focus]);
  return (
    <>
      <label htmlFor={id} className="rt-label">
        {t('Note')}
      </label>
      <p id={`${id}-why`} className="rt-fallback-why">
        {t(
          'The editor stopped working, so this is a plain text box. Your text is here and you can still save it.',
        )}
      </p>
      <p id={`${id}-cloze`} className="rt-fallback-why">
        {t('Words between {open} and {close} are hidden in review.', { open: '{{', close: '}}' })}
      </p>
      <textarea
        id={id}
        ref={area}
        className="rt-fallback"
        rows={8}
        dir="auto"
        value={value}
        aria-describedby={[`${id}-why`, `${id}-cloze`, describedBy].filter(Boolean).join(' ')}
        aria-invalid={describedBy ? true : undefined}
        onInput={(event) => {
          setValue(event.currentTarget.value);
          onChange(event.currentTarget.value);
        }}
      />
    </>
  );
}
