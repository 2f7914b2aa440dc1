/**
 * Cleanup: deletes every note this run added — the ones the answers named, then any other note of
 * the learner whose refId, moduleId or courseId carries this run's prefix (a broken API may store
 * notes it did not report) — and checks none is left. Never touches any other note. Uploaded
 * files stay: the API has no call that deletes a file.
 */
import type { Note } from '../../../src/protocol/api-types.ts';
import { type Ctx, deleteNote, fetchAll } from '../context.ts';
import { expect } from '../expect.ts';

/** Whether a note carries this run's prefix in one of its ids. */
export const isRunNote = (n: Note, prefix: string): boolean =>
  [n.refId, n.moduleId, n.courseId].some((id) => id?.includes(prefix) === true);

/** The cleanup check; `uploaded` lists the files this run left on the server. */
export async function cleanupCheck(
  ctx: Ctx,
  uploaded: string[],
  note: (line: string) => void,
): Promise<void> {
  const { t, api, ids, created } = ctx;
  await t.check('cleanup: every note this run added is deleted, and none is left', async () => {
    let deleted = 0;
    const failures: string[] = [];
    for (const [noteId, owner] of created.entries()) {
      const a = await deleteNote(ctx, { noteId }, owner);
      if (a.status === 200) deleted++;
      else if (a.status !== 404) failures.push(`${noteId}: ${a.status}`);
    }
    const strays = (await fetchAll(api, {})).filter((n) => isRunNote(n, ids.prefix));
    for (const n of strays) {
      const a = await deleteNote(ctx, { noteId: n.noteId });
      if (a.status === 200) deleted++;
      else failures.push(`${n.noteId}: ${a.status}`);
    }
    const left = (await fetchAll(api, {})).filter((n) => isRunNote(n, ids.prefix));
    note(`note  cleanup deleted ${deleted} notes of this run`);
    expect(
      failures.length === 0 && left.length === 0,
      'every delete to succeed and no note left',
      `${failures.length} deletes failed (${failures.slice(0, 3).join(', ')}), ${left.length} left`,
    );
  });
  if (uploaded.length > 0)
    note(
      `note  ${uploaded.length} uploaded file(s) stay on the server (the API cannot delete files): ${uploaded.join(' ')}`,
    );
}
