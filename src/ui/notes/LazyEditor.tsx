import { useServices } from '../services.ts';
import type { NoteEditorProps } from './NoteEditor.tsx';

/** The note editor from the lazily fetched editing chunk (see edit-parts-lazy.tsx). */
export function LazyEditor(props: NoteEditorProps) {
  const { parts } = useServices();
  return <parts.Editor {...props} />;
}
