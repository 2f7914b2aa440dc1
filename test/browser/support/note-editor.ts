/**
 * The note editor as the screen tests drive it. It is Quill: a contenteditable `role=textbox`
 * labelled "Note" (`.ql-editor`) that arrives in a lazy chunk and takes focus once it is ready, so
 * tests wait for it, type with the keyboard (Playwright's `fill` is meant for inputs), and read its
 * `innerText`. Also reads the learner's journal (drafts, outbox) the way the app stores it.
 */
import type { Frame, Locator } from 'playwright-core';
import type { JournalState } from '../../../src/notes/write/journal.ts';

/** The editable text labelled "Note" inside `scope` (a frame, a card, the edit pane). */
export const noteText = (scope: Frame | Locator): Locator =>
  scope.getByRole('textbox', { name: 'Note', exact: true });

/** The editor's Save and Cancel (its toolbar and link field have buttons of their own). */
export const editorButton = (scope: Frame | Locator, name: 'Save' | 'Cancel'): Locator =>
  scope.locator('.editor-actions').getByRole('button', { name, exact: true });

/** Waits until the editor's text has focus (it takes it once mounted, after Add note / Edit note). */
export const waitEditorFocused = (f: Frame) =>
  f.waitForFunction(() => {
    const el = document.activeElement;
    return el?.getAttribute('role') === 'textbox' && el.classList.contains('ql-editor');
  });

/** Waits for the editor in `scope` to be mounted and focused; returns its text. */
export async function readyEditor(f: Frame, scope: Frame | Locator = f): Promise<Locator> {
  const box = noteText(scope);
  await box.waitFor();
  await waitEditorFocused(f);
  return box;
}

/** What the editor in `scope` shows, as plain text (Quill ends its last paragraph with a newline). */
export const editorText = async (scope: Frame | Locator): Promise<string> =>
  (await noteText(scope).innerText()).replace(/\n+$/, '');

/** Replaces everything in the editor in `scope` with `text`, typed as the learner would. */
export async function replaceText(f: Frame, text: string, scope: Frame | Locator = f): Promise<void> {
  const box = await readyEditor(f, scope);
  await box.click();
  await f.page().keyboard.press('Control+A');
  await f.page().keyboard.insertText(text);
  await f.waitForFunction(([el, want]) => (el as HTMLElement).innerText.replace(/\n+$/, '') === want, [
    await box.elementHandle(),
    text,
  ] as const);
}

/** Every learner journal stored in the frame's `localStorage` (`notes:journal:<learner>`), by key. */
export const journals = (f: Frame): Promise<Record<string, JournalState>> =>
  f.evaluate(() => {
    const found: Record<string, JournalState> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('notes:journal:')) found[key] = JSON.parse(localStorage.getItem(key) ?? '{}');
    }
    return found;
  });

/** The one journal stored in the frame (the tests run as one learner), or null when none is. */
export async function journalOf(f: Frame): Promise<JournalState | null> {
  const all = Object.values(await journals(f));
  if (all.length > 1) throw new Error(`expected one learner's journal, found ${all.length}`);
  return all[0] ?? null;
}
