import { isApiError } from '../api/api-error.ts';
import type { NotesApi } from '../api/notes-api.ts';
import type { NewNote, Note } from '../protocol/api-types.ts';
import type { Problem } from './describe-error.ts';
import type { NoteCache } from './note-cache.ts';

/** How a save ended: the stored note, or what went wrong (and, on a 409, the server's version). */
export type SaveResult =
  | { ok: true; note: Note }
  | { ok: false; problem: Problem; current?: Note | undefined };

/** The changes an edit sends. */
export type NoteChanges = Pick<NewNote, 'content' | 'text'>;

/** What writes need. */
export type WritesDeps = {
  api: Pick<NotesApi, 'addNote' | 'updateNote'>;
  cache: NoteCache;
  describe: (error: unknown) => Problem;
  announce: (key: string) => void;
  onCountChange: (note: Note, delta: 1 | -1) => void;
  now: () => number;
};

/** The message shown when someone else changed the note first (HTTP 409). */
export const CONFLICT_MESSAGE =
  'This note was changed elsewhere. Your text is still here: save again to keep it.';

/**
 * Adding and editing notes, optimistically: the note shows (marked as saving) the moment the
 * learner saves, then the server's answer replaces it; a failure rolls the change back, says so,
 * and hands the problem to the editor, which still holds the learner's text.
 */
export function createWrites(deps: WritesDeps) {
  let local = 0;
  const stamp = () => new Date(deps.now()).toISOString();

  return {
    /** Adds a note; resolves with the stored note (its server id) or the problem. */
    async add(draft: NewNote): Promise<SaveResult> {
      local += 1;
      const at = stamp();
      const temp: Note = { ...draft, noteId: `local-${local}`, createdOn: at, updatedOn: at, version: 0 };
      const session = deps.cache.generation();
      deps.cache.put(temp);
      deps.cache.setSaving(temp.noteId, true);
      deps.onCountChange(temp, 1);
      try {
        const saved = await deps.api.addNote(draft);
        // Another learner signed in meanwhile: the note is theirs no more to show.
        if (session !== deps.cache.generation()) return { ok: true, note: saved };
        deps.cache.remove(temp.noteId);
        deps.cache.put(saved);
        deps.announce('Note saved');
        return { ok: true, note: saved };
      } catch (error) {
        if (session !== deps.cache.generation()) return { ok: false, problem: deps.describe(error) };
        deps.cache.remove(temp.noteId);
        deps.onCountChange(temp, -1);
        deps.announce('Could not save');
        return { ok: false, problem: deps.describe(error) };
      }
    },
    /** Saves an edit of `note`; a stale version (409) leaves the server's copy in the lists. */
    async update(note: Note, changes: NoteChanges): Promise<SaveResult> {
      const before = deps.cache.get(note.noteId) ?? note;
      const session = deps.cache.generation();
      deps.cache.put({ ...before, ...changes, updatedOn: stamp() });
      deps.cache.setSaving(note.noteId, true);
      try {
        const saved = await deps.api.updateNote({ noteId: note.noteId, version: note.version, ...changes });
        if (session !== deps.cache.generation()) return { ok: true, note: saved };
        deps.cache.setSaving(note.noteId, false);
        deps.cache.put(saved);
        deps.announce('Note saved');
        return { ok: true, note: saved };
      } catch (error) {
        if (session !== deps.cache.generation()) return { ok: false, problem: deps.describe(error) };
        deps.cache.setSaving(note.noteId, false);
        const current = isApiError(error) && error.status === 409 ? error.body?.current : undefined;
        deps.cache.put(current ?? before);
        deps.announce('Could not save');
        if (current)
          return { ok: false, current, problem: { kind: 'other', retry: false, message: CONFLICT_MESSAGE } };
        return { ok: false, problem: deps.describe(error) };
      }
    },
  };
}
