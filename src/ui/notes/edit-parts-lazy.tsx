import { type ComponentType, lazy, Suspense } from 'react';
import type { Conflict } from '../../notes/journal.ts';
import type { NoteStart } from '../../notes/new-note.ts';
import type { Stylesheets } from '../../theme/stylesheets.ts';
import type { NoteEditorProps } from './NoteEditor.tsx';

type Parts = typeof import('./edit-parts.ts');

/** The editing chunk's parts as components that suspend until its code and stylesheet are in. */
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
  /**
   * Fetches the chunk ahead of need (when the browser is idle after the first note); the chunk
   * then fetches the editor's own (Quill, see edit-parts.ts). Its stylesheet carries the editor's.
   */
  prefetch(): void;
};

/** Where an editing part will be while its chunk arrives: the editor's height, so nothing jumps. */
const placeholder = <div className="note-editor editor-loading" aria-hidden="true" />;

/**
 * The editing chunk (editor, new-note form, Undo bar, shortcut list, and their stylesheet),
 * fetched on first use or when the browser is idle after the first note — never in the first load.
 */
export function createEditParts(styles: Pick<Stylesheets, 'screen'>): EditParts {
  let loading: Promise<Parts> | null = null;
  const load = () => {
    if (!loading && typeof __NOTES_EDITOR_URL__ === 'string')
      // The editor bundle too, at the same time: waiting for this chunk to ask for it costs a round trip.
      void import(__NOTES_EDITOR_URL__).catch(() => undefined);
    loading ??= Promise.all([import('./edit-parts.ts'), styles.screen('edit')]).then(([m]) => m);
    return loading;
  };
  const part = <P extends object>(
    pick: (m: Parts) => ComponentType<P>,
    fallback: typeof placeholder | null,
  ) => {
    const Part = lazy(() => load().then((m) => ({ default: pick(m) })));
    return (props: P) => (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
  return {
    Editor: part((m) => m.NoteEditor, placeholder),
    AddNote: part((m) => m.AddNote, placeholder),
    UndoBar: part((m) => m.UndoBar, null),
    ConflictPanel: part((m) => m.ConflictPanel, null),
    ShortcutList: part((m) => m.ShortcutList, null),
    prefetch: () => void load().catch(() => undefined),
  };
}
