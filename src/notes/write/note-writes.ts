import type { NewNote, Note } from '../../protocol/api-types.ts';
import { type Problem, problemOf } from '../read/describe-error.ts';
import type { NoteCache } from '../read/note-cache.ts';
import type { JournalDrafts } from './drafts.ts';
import type { Journal, JournalState, NoteChanges, OutboxItem } from './journal.ts';
import type { FirstOutcome, Outbox } from './outbox.ts';
import { returnToDraft } from './settle-write.ts';

export type { NoteChanges } from './journal.ts';

/**
 * How a save ended for the editor: `ok` once the text is safe — stored, or queued in the outbox
 * to be retried (`queued`); otherwise the problem, with the text back in the editor's draft.
 */
export type SaveResult = { ok: true; note: Note; queued?: boolean } | { ok: false; problem: Problem };

/** What writes need: one learner's journal, drafts and outbox, and the shared cache. */
export type WritesDeps = {
  journal: Journal;
  drafts: JournalDrafts;
  outbox: Outbox;
  cache: NoteCache;
  onCountChange: (note: Note, delta: 1 | -1) => void;
  announce: (key: string) => void;
  now: () => number;
  newId: () => string;
};

/** A new note on the same resource and anchor as `note`, with `text`. */
const targetOf = (note: Note, text: NoteChanges): NewNote => ({
  refId: note.refId,
  moduleId: note.moduleId,
  courseId: note.courseId,
  refTitle: note.refTitle,
  moduleTitle: note.moduleTitle,
  courseTitle: note.courseTitle,
  domain: note.domain,
  appRef: note.appRef,
  displayName: note.displayName,
  anchor: note.anchor,
  tags: note.tags,
  ...text,
});

/**
 * Adding and editing notes through the outbox: saving moves the editor's draft into the outbox in
 * one write and shows the note at once (marked as saving); the server's answer replaces it. The
 * editor waits for the first attempt only: a failure of the link or the server leaves the note
 * queued ("Not saved yet — retrying") and the editor closes, nothing lost; a 401/403 or a refusal
 * takes the text out of the outbox and back into the draft, and the editor stays open with it
 * (a 403 also opens the error page: the outbox's pause does that for every 403).
 */
export function createWrites(deps: WritesDeps) {
  const { cache, journal } = deps;
  const stamp = () => new Date(deps.now()).toISOString();
  const unqueue = (item: OutboxItem) =>
    journal.update((s) => returnToDraft({ ...s, outbox: s.outbox.filter((i) => i.id !== item.id) }, item));

  const queue = async (
    item: OutboxItem,
    draftKey: string,
    shown: Note,
    undo: () => void,
  ): Promise<SaveResult> => {
    const outcome: FirstOutcome = await deps.outbox.enqueue(item, deps.drafts.take(draftKey));
    if (outcome.kind === 'saved') return { ok: true, note: outcome.note ?? shown };
    if (outcome.kind === 'behind') return { ok: true, note: shown, queued: true };
    if (outcome.kind === 'queued') {
      deps.announce('Not saved yet — retrying');
      return { ok: true, note: shown, queued: true };
    }
    if (outcome.kind === 'conflict') return { ok: true, note: outcome.current ?? shown };
    if (outcome.kind === 'refused') return { ok: false, problem: problemOf('other') }; // settled: text in the draft
    unqueue(item);
    undo();
    return { ok: false, problem: problemOf(outcome.kind) };
  };

  const writes = {
    /** Adds a note taken on a resource; `draftKey` names the editor's draft the text moves out of. */
    add(note: NewNote, draftKey: string): Promise<SaveResult> {
      const id = deps.newId();
      const at = stamp();
      const temp: Note = { ...note, noteId: `local-${id}`, createdOn: at, updatedOn: at, version: 0 };
      cache.put(temp);
      cache.setSaving(temp.noteId, true);
      deps.onCountChange(temp, 1);
      return queue({ id, kind: 'add', tempId: temp.noteId, note }, draftKey, temp, () => {
        cache.remove(temp.noteId);
        deps.onCountChange(temp, -1);
      });
    },
    /** Saves an edit of `note` (as the learner saw it). */
    update(note: Note, changes: NoteChanges, draftKey: string): Promise<SaveResult> {
      const base = cache.get(note.noteId) ?? note;
      const shown = { ...base, ...changes, updatedOn: stamp() };
      cache.put(shown);
      cache.setSaving(note.noteId, true);
      const item: OutboxItem = {
        id: deps.newId(),
        kind: 'update',
        noteId: note.noteId,
        version: note.version,
        changes,
        base,
      };
      return queue(item, draftKey, shown, () => {
        cache.setSaving(note.noteId, false);
        cache.put(base);
      });
    },
    /**
     * Ends a conflict the learner's way: `mine` saves their text over the server's version (or, if
     * the note was deleted elsewhere, as a new note), `theirs` keeps the server's, `both` adds the
     * learner's text as a new note beside the server's.
     */
    resolve(noteId: string, choice: 'mine' | 'theirs' | 'both'): Promise<SaveResult> | null {
      const conflict = journal.state.value.conflicts[noteId];
      if (!conflict) return null;
      const drop = (s: JournalState) => {
        const { [noteId]: _, ...conflicts } = s.conflicts;
        return { ...s, conflicts };
      };
      const { mine, base, current } = conflict;
      if (!current) cache.remove(noteId, true); // deleted elsewhere: only a new note can hold mine
      if (choice === 'theirs') {
        journal.update(drop);
        return Promise.resolve({ ok: true, note: current ?? base });
      }
      const key = `resolve:${noteId}`;
      journal.update((s) => drop({ ...s, drafts: { ...s.drafts, [key]: mine } }));
      if (choice === 'mine' && current) return writes.update(current, mine, key);
      return writes.add(targetOf(base, mine), key);
    },
  };
  return writes;
}
