import { Fragment } from 'react';
import { SHORTCUTS } from '../shortcuts.ts';
import { useT } from '../use-value.ts';

/**
 * The key names a shortcut's keys are written with (message keys): each keyboard labels them in
 * its own words (German Strg, French Échap…). A letter key such as N is shown as it is.
 */
const KEY_NAMES: Record<string, string> = {
  Ctrl: 'Ctrl',
  Alt: 'Alt',
  Shift: 'Shift',
  Enter: 'Enter',
  Esc: 'Esc',
};

/**
 * A key combination such as `Ctrl+Enter`, in the learner's key names: one `<kbd>` per key inside a
 * `<kbd dir="ltr">`, so Arabic text keeps the keys in the order they are pressed.
 */
export function Keys({ combo }: { combo: string }) {
  const t = useT();
  return (
    <kbd className="keys" dir="ltr">
      {combo.split('+').map((key, i) => {
        const keyName = KEY_NAMES[key];
        return (
          <Fragment key={key}>
            {i > 0 && '+'}
            <kbd>{keyName ? t(keyName) : key}</kbd>
          </Fragment>
        );
      })}
    </kbd>
  );
}

/** What each keyboard shortcut does (the list inside the "Keyboard shortcuts" disclosure). */
export function ShortcutList() {
  const t = useT();
  return (
    <dl>
      {SHORTCUTS.map((s) => (
        <div key={s.id}>
          <dt>
            <Keys combo={s.keys} />
          </dt>
          <dd>{t(s.label)}</dd>
        </div>
      ))}
      <div>
        <dt>
          <Keys combo="Ctrl+Enter" />
        </dt>
        <dd>{t('Save the note you are writing')}</dd>
      </div>
      <div>
        <dt>
          <Keys combo="Alt+Shift+H" />
        </dt>
        <dd>{t('Hide the selected words in review (or show them again)')}</dd>
      </div>
      <div>
        <dt>
          <Keys combo="Esc" />
        </dt>
        <dd>{t('Cancel writing')}</dd>
      </div>
    </dl>
  );
}
