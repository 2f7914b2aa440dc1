import { lazy, Suspense } from 'react';
import type { NoteEditorProps } from './NoteEditor.tsx';

const Editor = lazy(() => import('./NoteEditor.tsx').then((m) => ({ default: m.NoteEditor })));

/** Where the editor will be while its chunk arrives: the same height, so nothing jumps. */
function EditorPlaceholder() {
  return <div className="note-editor editor-loading" aria-hidden="true" />;
}

/**
 * The note editor, fetched on first use (or when the browser is idle after the first note) so
 * the first load carries no editing code.
 */
export function LazyEditor(props: NoteEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** Fetches the editor's chunk ahead of need. */
export const prefetchEditor = () => import('./NoteEditor.tsx').then(() => undefined);
