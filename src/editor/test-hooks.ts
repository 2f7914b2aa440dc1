/**
 * The browser tests' way to make the editor fail for real (only in a `--test-hooks` build: every
 * use sits under `if (__NOTES_TEST_HOOKS__)`, so a production build drops this module whole).
 * `window.__notesEditorFault()` makes the next change of any open editor throw inside Quill's own
 * event dispatch, the path a real Quill bug would take.
 */

let armed = false;

/** Installs `window.__notesEditorFault` (once is enough; installing again changes nothing). */
export function armFaults(): void {
  (globalThis as { __notesEditorFault?: () => void }).__notesEditorFault = () => {
    armed = true;
  };
}

/** True once after `__notesEditorFault()` was called: the caller then throws. */
export function faultArmed(): boolean {
  const was = armed;
  armed = false;
  return was;
}
