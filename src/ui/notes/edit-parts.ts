/**
 * Everything used only once the learner writes, deletes or opens the shortcut help — the editor,
 * the new-note form, the Undo bar, the shortcut list — as one lazy chunk: the first note shows
 * without it, and it is fetched when the browser is idle after that or on first use.
 */
export { AddNote } from './AddNote.tsx';
export { NoteEditor } from './NoteEditor.tsx';
export { ShortcutList } from './ShortcutList.tsx';
export { UndoBar } from './UndoBar.tsx';
