import type { EditorModule } from '../../editor/types.ts';

/** The editor bundle, built apart from the app (see build.mjs) and imported by its URL. */
const bundle = async (): Promise<EditorModule> => {
  if (typeof __NOTES_EDITOR_URL__ !== 'string') throw new Error('this build has no editor bundle');
  return import(__NOTES_EDITOR_URL__) as Promise<EditorModule>;
};

let fetchChunk: () => Promise<EditorModule> = bundle;
let loading: Promise<EditorModule> | null = null;

/**
 * The editor bundle (Quill and editor.ts), fetched once and shared; a failed fetch is forgotten so
 * the next call (the watchdog's restart) tries again.
 */
export function loadEditor(): Promise<EditorModule> {
  loading ??= fetchChunk().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Replaces the chunk with another implementation: component tests, where Quill can't run. */
export function setEditorChunk(load: () => Promise<EditorModule>): void {
  fetchChunk = load;
  loading = null;
}
