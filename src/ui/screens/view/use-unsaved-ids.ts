import { useMemo } from 'react';
import { useServices } from '../../services.ts';
import { useValue } from '../../use-value.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The notes `is:unsaved` finds: those with a write the server has not confirmed — on its way
 * ("Saving…"), waiting for a retry ("Not saved yet"), or in conflict. An empty set, always the
 * same one, unless the search asks for it (`wanted`): the matcher is not rebuilt on every save.
 */
export function useUnsavedIds(wanted: boolean): ReadonlySet<string> {
  const { notes } = useServices();
  const saving = useValue(notes.cache.saving);
  const unsaved = useValue(notes.unsaved);
  const conflicts = useValue(notes.conflicts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the set follows saving/unsaved/conflicts only while it is wanted: without the search asking, it stays the same NONE, so the matcher is not rebuilt on every save
  return useMemo(
    () => (wanted ? new Set([...saving, ...unsaved, ...Object.keys(conflicts)]) : NONE),
    [wanted, wanted && saving, wanted && unsaved, wanted && conflicts],
  );
}
