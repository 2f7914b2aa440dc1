import type { ComponentType } from 'react';
import type { Conflict } from '../../notes/write/journal.ts';
import { type LazyFile, type Loader, ONE_TRY } from '../../platform/lazy-file.ts';
import type { Stylesheets } from '../../theme/stylesheets.ts';
import { lazyPart } from '../lazy-part.ts';
import type { NoteEditorProps } from './NoteEditor.tsx';
import type { NoteStart } from './new-note.ts';

type Parts = typeof import('./edit-parts.ts');

/** The editing chunk's parts as components that show a placeholder until its code and stylesheet are in. */
export type EditParts = {
  /** The note editor. */
  Editor: ComponentType<NoteEditorProps>;
  /** The new-note form (see AddNote). */
  AddNote: ComponentType<{ start: NoteStart; onDone(): void }>;
  /** The Undo bar (see UndoBar). */
  UndoBar: ComponentType<object>;
  /** Both versions of a note in conflict and the learner's choice (see ConflictPanel). */
  ConflictPanel: ComponentType<{ noteId: string; conflict: Conflict }>;
  /** The keyboard shortcut list (see ShortcutList). */
  ShortcutList: ComponentType<object>;
  /** Loads the chunk alone, and the editor (Quill) alone: the prefetch takes them (src/ui/prefetch.ts). */
  files: Record<'chunk' | 'editor', () => Promise<unknown>>;
};

/** Where an editing part will be while its chunk arrives: the editor's height, so nothing jumps. */
const placeholder = <div className="note-editor editor-loading" aria-hidden="true" />;

/**
 * The editing chunk (editor, new-note form, Undo bar, shortcut list, and their stylesheet),
 * fetched on first use or when the browser is idle after the first note — never in the first load.
 * `loader` fetches it and the editor bundle, retrying a dropped request; a part whose load failed
 * shows in the nearest error boundary, and mounting it again (Try again) loads again.
 */
export function createEditParts(styles: Pick<Stylesheets, 'screen'>, loader: Loader = ONE_TRY): EditParts {
  const chunk = loader.file(() =>
    Promise.all([import('./edit-parts.ts'), styles.screen('edit')]).then(([m]) => m),
  );
  // The editor bundle too, at the same time: waiting for this chunk to ask for it costs a round
  // trip. Its importer (src/platform/chunk-import.ts) hands the chunk this very module.
  const editor = loader.file(() => import(__NOTES_EDITOR_URL__));
  const load = () => {
    if (typeof __NOTES_EDITOR_URL__ === 'string') void editor.load().catch(() => undefined);
    return chunk.load();
  };
  // The chunk as a lazy file whose load also starts the editor bundle's.
  const source: LazyFile<Parts> = {
    load,
    get current() {
      return chunk.current;
    },
  };
  const part = <P extends object>(
    pick: (m: Parts) => ComponentType<P>,
    fallback: typeof placeholder | null,
  ) => lazyPart(source, pick, fallback);
  return {
    Editor: part((m) => m.NoteEditor, placeholder),
    AddNote: part((m) => m.AddNote, placeholder),
    UndoBar: part((m) => m.UndoBar, null),
    ConflictPanel: part((m) => m.ConflictPanel, null),
    ShortcutList: part((m) => m.ShortcutList, null),
    files: { chunk: chunk.load, editor: editor.load },
  };
}
