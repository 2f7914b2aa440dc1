/**
 * Everything used only once the learner writes, deletes or opens the shortcut help — the editor
 * form, the new-note form, the Undo bar, the shortcut list — as one lazy chunk: the first note shows
 * without it, and it is fetched when the browser is idle after that or on first use.
 *
 * Quill is a chunk of its own (`editor-*`, src/editor/editor.ts), too big to wait for with this
 * one. Evaluating this chunk starts fetching it: on the idle prefetch that makes it a prefetch too,
 * and on a first Add note / Edit note it is on its way before the form renders. (Started here, not
 * in edit-parts-lazy's `prefetch`, so the first load does not grow by a byte.)
 */
import { loadEditor } from '../../editor/load-editor.ts';

void loadEditor().catch(() => undefined); // a failed fetch is tried again when an editor opens

export { AddNote } from './AddNote.tsx';
export { ConflictPanel } from './ConflictPanel.tsx';
export { NoteEditor } from './NoteEditor.tsx';
export { ShortcutList } from './ShortcutList.tsx';
export { UndoBar } from './UndoBar.tsx';
