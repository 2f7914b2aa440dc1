import { useEffect, useRef } from 'react';
import { useServices } from '../../services.ts';

/** The message announced when a search or course filter has settled (ICU plural, locales/en.json). */
export const NOTES_FOUND = 'notes found';

/**
 * Says how many notes a search found, politely, once it has settled: `searchKey` names the search
 * and course asked for (null while typing, or when nothing narrows the list), `ready` says the
 * server has answered it. Each settled search is announced once, never keystroke by keystroke.
 */
export function useResultAnnouncement(searchKey: string | null, ready: boolean, count: number): void {
  const { announcer } = useServices();
  const said = useRef<string | null>(null);
  useEffect(() => {
    if (searchKey === null) {
      said.current = null;
      return;
    }
    if (!ready || said.current === searchKey) return;
    said.current = searchKey;
    announcer.announce(NOTES_FOUND, { count });
  }, [searchKey, ready, count]);
}
