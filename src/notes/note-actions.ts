import { createWrites, type WritesDeps } from './note-writes.ts';
import { createDeletes, type DeletesDeps } from './pending-deletes.ts';

/** Everything the write side needs (the union of what writes and deletes need). */
export type ActionsDeps = WritesDeps & DeletesDeps;

/**
 * The write side of the notes model — add, edit, delete with Undo — in a chunk of its own: the
 * first note shows without it, and it is fetched when the browser is idle or on the first write.
 */
export function createActions(deps: ActionsDeps) {
  const writes = createWrites(deps);
  const deletes = createDeletes(deps);
  return { ...writes, ...deletes };
}

/** The loaded write side. */
export type Actions = ReturnType<typeof createActions>;
