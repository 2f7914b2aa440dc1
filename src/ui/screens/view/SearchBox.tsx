import { useEffect, useId, useRef } from 'react';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';

/**
 * The search field: a real labelled `type=search` input whose every keystroke filters the loaded
 * notes at once. The search shortcut (Alt+Shift+F) focuses it while `/view` is shown.
 */
export function SearchBox({ value, onChange }: { value: string; onChange(query: string): void }) {
  const { shortcuts } = useServices();
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () =>
      shortcuts.on('search', () => {
        input.current?.focus();
        input.current?.select();
      }),
    [],
  );
  return (
    <div className="view-field view-search">
      <label htmlFor={id}>{t('Search notes')}</label>
      <input
        id={id}
        ref={input}
        type="search"
        value={value}
        autoComplete="off"
        dir="auto"
        onInput={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
