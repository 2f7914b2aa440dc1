import { useEffect, useId, useRef } from 'react';
import { useServices } from '../../services.ts';
import { useT } from '../../use-value.ts';
import { SearchHelp } from './SearchHelp.tsx';

/**
 * The longest search the box takes: the API refuses a `query` over 500 characters, and the free
 * text sent is never longer than what was typed. A longer paste is cut here, where it shows.
 */
export const MAX_SEARCH = 500;

/**
 * The search field: a real labelled `type=search` input whose every keystroke filters the loaded
 * notes at once, with the operators it understands listed below it (SearchHelp, the field's
 * description). The search shortcut (Alt+Shift+F) focuses it while `/view` is shown.
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
        maxLength={MAX_SEARCH}
        aria-describedby={`${id}-help`}
        onInput={(event) => onChange(event.currentTarget.value)}
      />
      <SearchHelp id={`${id}-help`} />
    </div>
  );
}
