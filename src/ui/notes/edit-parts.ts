/**
 * Everything used only once the learner writes, deletes or opens the shortcut help — the editor
 * form, the new-note form, the Undo bar, the shortcut list — as one lazy chunk: the first note shows
 * without it, and it is fetched after that (prefetched) or on first use.
 *
 * Quill is a chunk of its own (`editor-*`, src/editor/editor.ts), too big to wait for with this
 * one: a first Add note / Edit note asks for both at once (edit-parts-lazy.tsx), and the prefetch
 * takes it last, on its own (src/platform/prefetch-policy.ts).
 */

export { AddNote } from './AddNote.tsx';
export { ConflictPanel } from './ConflictPanel.tsx';
export { NoteEditor } from './NoteEditor.tsx';
export { ShortcutList } from './ShortcutList.tsx';
export { UndoBar } from './UndoBar.tsx';
