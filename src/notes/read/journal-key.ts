/**
 * The storage key of a learner's journal (drafts, outbox, conflicts). A module of its own because
 * the first load reads it — a queued write left by an earlier visit fetches the write side at once —
 * while the journal itself lives in the lazy write side.
 */
export const journalKey = (learner: string) => `notes:journal:${learner}`;

/**
 * The notes a stored journal has a delete queued for (`raw`: its stored text). The first load hides
 * them before a list shows the kept copy, which still has them (a delete's answer may never have
 * been seen: the frame unloaded in its Undo window); the write side, lazy, sends the deletes. Anything
 * malformed names nothing: the write side's own check decides the rest.
 */
export function queuedDeletes(raw: string | null): string[] {
  try {
    const items: unknown = raw && JSON.parse(raw).outbox;
    if (!Array.isArray(items)) return [];
    return (items as ({ kind?: unknown; noteId?: unknown } | null)[])
      .filter((i) => i?.kind === 'delete' && typeof i.noteId === 'string')
      .map((i) => String(i?.noteId));
  } catch {
    return [];
  }
}
