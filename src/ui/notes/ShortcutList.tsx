import { SHORTCUTS } from '../shortcuts.ts';
import { useT } from '../use-value.ts';

/** What each keyboard shortcut does (the list inside the "Keyboard shortcuts" disclosure). */
export function ShortcutList() {
  const t = useT();
  return (
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
  );
}
