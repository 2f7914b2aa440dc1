import { lazy, Suspense } from 'react';
import type { NoteStart } from '../../notes/new-note.ts';
import type { NoteEditorProps } from './NoteEditor.tsx';

const parts = () => import('./edit-parts.ts');
const Editor = lazy(() => parts().then((m) => ({ default: m.NoteEditor })));
const NewNote = lazy(() => parts().then((m) => ({ default: m.AddNote })));
const Undo = lazy(() => parts().then((m) => ({ default: m.UndoBar })));

/** Where the editor will be while its chunk arrives: the same height, so nothing jumps. */
function EditorPlaceholder() {
  return <div className="note-editor editor-loading" aria-hidden="true" />;
}

/** The note editor, fetched on first use (or when the browser is idle after the first note). */
export function LazyEditor(props: NoteEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** The new-note form (see AddNote), fetched like the editor. */
export function LazyAddNote(props: { start: NoteStart; onDone(): void }) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <NewNote {...props} />
    </Suspense>
  );
}

/** The Undo bar (see UndoBar), fetched with the first delete. */
export function LazyUndoBar() {
  return (
    <Suspense fallback={null}>
      <Undo />
    </Suspense>
  );
}

/** Fetches the editing chunk ahead of need. */
export const prefetchEditing = () => parts().then(() => undefined);
