import { useEffect, useId, useRef } from 'react';
import { useT } from '../use-value.ts';

/** What the warning takes: how many images a save would leave out, and the learner's two ways on. */
export type ImageDropWarningProps = {
  count: number;
  /** Save anyway, without those images. */
  onLeaveOut(): void;
  /** Close the warning and go back to the note. */
  onBack(): void;
};

/**
 * Said before a save that would leave images out (the sanitiser would drop them: their address is
 * on no allowed image origin and no upload of this page returned it), instead of losing them
 * silently. One message for one image and one for more (the count itself is not said). The
 * message is an alert (read out at once); focus moves to the first choice so a keyboard user can
 * answer at once; nothing is saved until they do.
 */
export function ImageDropWarning({ count, onLeaveOut, onBack }: ImageDropWarningProps) {
  const t = useT();
  const id = useId();
  const first = useRef<HTMLButtonElement | null>(null);
  useEffect(() => first.current?.focus(), []);
  const one = count === 1;
  return (
    <fieldset className="editor-drop" aria-labelledby={id}>
      <p id={id} className="form-problem" role="alert">
        {one
          ? t('One image can’t be saved with this note: this app can’t show images from where it is stored.')
          : t(
              'Some images can’t be saved with this note: this app can’t show images from where they are stored.',
            )}
      </p>
      <div className="editor-actions">
        <button type="button" className="btn" ref={first} onClick={onLeaveOut}>
          {one ? t('Save without the image') : t('Save without the images')}
        </button>
        <button type="button" className="btn-secondary" onClick={onBack}>
          {t('Keep editing')}
        </button>
      </div>
    </fieldset>
  );
}
