import { SHORTCUTS } from './shortcuts.ts';
import { useT } from './use-value.ts';

/** The keyboard shortcuts, documented on screen (a disclosure at the foot of every screen). */
export function ShortcutHelp() {
  const t = useT();
  return (
    <details className="shortcut-help">
      <summary>{t('Keyboard shortcuts')}</summary>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.id}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{t(s.label)}</dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>Ctrl+Enter</kbd>
          </dt>
          <dd>{t('Save the note you are writing')}</dd>
        </div>
        <div>
          <dt>
            <kbd>Escape</kbd>
          </dt>
          <dd>{t('Cancel writing')}</dd>
        </div>
      </dl>
    </details>
  );
}
