import type { Note, ReviewCard } from '../../protocol/api-types.ts';
import type { NoteCache } from '../read/note-cache.ts';
import type { Draft, JournalState, OutboxItem } from './journal.ts';
import type { Verdict } from './outbox-verdict.ts';
import { mergeTags } from './tag-list.ts';

/** What settling a write touches besides the journal. */
export type SettleDeps = {
  cache: NoteCache;
  announce: (key: string) => void;
  onCountChange: (note: Note, delta: 1 | -1) => void;
  /** The server confirmed a write: the stored note, or `null` for a delete (the kept copy follows). */
  onConfirmed?: (noteId: string, note: Note | null) => void;
};

/** Where an unsaved text of `item` goes back to: the editor it came from. */
export const draftKeyOf = (item: OutboxItem): string =>
  item.kind === 'add' ? `new:${item.note.refId}` : `edit:${item.kind === 'update' ? item.noteId : ''}`;

/** The note a queued item is about (an add's temporary id until the server names it). */
export const noteIdOf = (item: OutboxItem): string => (item.kind === 'add' ? item.tempId : item.noteId);

/** The learner's text of an add or an edit. */
export const textOf = (item: OutboxItem): Draft | null =>
  item.kind === 'add'
    ? { content: item.note.content, text: item.note.text, tags: item.note.tags }
    : item.kind === 'update'
      ? item.changes
      : null;

/**
 * Gives a write's text back to its editor's draft. A draft already there (the learner started
 * another note meanwhile) keeps its text and gets this one appended, and its tags this one's
 * (as many as fit): nothing is overwritten.
 */
export function returnToDraft(state: JournalState, item: OutboxItem): JournalState {
  const text = textOf(item);
  if (!text) return state;
  const key = draftKeyOf(item);
  const have = state.drafts[key];
  const draft = have
    ? {
        content: have.content + text.content,
        text: `${have.text}\n\n${text.text}`,
        ...((have.tags || text.tags) && { tags: mergeTags(have.tags ?? [], text.tags ?? []) }),
      }
    : text;
  return { ...state, drafts: { ...state.drafts, [key]: draft } };
}

/**
 * The cache and journal side of a write the server answered for good: a stored note replaces the
 * optimistic copy; a conflict is recorded (both versions kept until the learner chooses); a refused
 * text goes back to its draft; a delete that was refused brings the note back.
 */
export function settleWrite(
  deps: SettleDeps,
  item: OutboxItem,
  verdict: Verdict,
  state: JournalState,
): JournalState {
  const { cache } = deps;
  const id = noteIdOf(item);
  if (item.kind === 'review') return settleRating(deps, id, verdict, state);
  if (verdict.kind === 'done') {
    if (item.kind === 'delete') {
      cache.remove(id, true);
      deps.onConfirmed?.(id, null);
    } else {
      cache.setSaving(id, false);
      if (item.kind === 'add') cache.remove(id);
      if (verdict.note) {
        cache.put(verdict.note);
        deps.onConfirmed?.(verdict.note.noteId, verdict.note);
      }
      deps.announce('Note saved');
    }
    return state;
  }
  if (item.kind === 'delete') {
    const current = verdict.kind === 'conflict' ? verdict.current : null;
    if (current) cache.put(current);
    cache.setHidden(id, false);
    const note = cache.get(id);
    if (note) deps.onCountChange(note, 1);
    deps.announce(current ? 'Not deleted: the note was changed elsewhere' : 'Could not delete the note');
    return state;
  }
  cache.setSaving(id, false);
  if (item.kind === 'update' && verdict.kind === 'conflict') {
    cache.put(verdict.current ?? item.base);
    const conflict = { mine: item.changes, base: item.base, current: verdict.current };
    deps.announce('This note was changed elsewhere');
    return { ...state, conflicts: { ...state.conflicts, [item.noteId]: conflict } };
  }
  if (item.kind === 'add') {
    const temp = cache.get(id);
    cache.remove(id);
    if (temp) deps.onCountChange(temp, -1);
  } else if (item.kind === 'update') cache.put(item.base);
  deps.announce('Could not save');
  return returnToDraft(state, item);
}

/**
 * A rating the server answered for good: its note (the new card) replaces the cached one — only the
 * card when an edit of it is still on its way, so the learner's text shown stays theirs. The
 * predicted card shown meanwhile leaves with the item (`ratedCards`). Refused: the note is due as
 * before, and the learner hears so.
 */
function settleRating(deps: SettleDeps, id: string, verdict: Verdict, state: JournalState): JournalState {
  const { cache } = deps;
  if (verdict.kind === 'done' && verdict.note) {
    const have = cache.get(id);
    const editing = have && cache.saving.value.has(id);
    cache.put(editing ? { ...have, review: verdict.note.review ?? null } : verdict.note);
    deps.onConfirmed?.(verdict.note.noteId, verdict.note);
  } else if (verdict.kind !== 'done') deps.announce('Could not save the rating');
  return state;
}

/** The card each note's latest queued rating predicts, by note id (the due list leaves them out). */
export function ratedCards(outbox: readonly OutboxItem[]): ReadonlyMap<string, ReviewCard> {
  const cards = new Map<string, ReviewCard>();
  for (const item of outbox) if (item.kind === 'review') cards.set(item.noteId, item.predicted);
  return cards;
}
