/**
 * Reading the app's frame the way the learner and the soak need it: the cards on screen (which
 * soak version each shows, whether its buttons can be pressed), the learner's journal in the
 * frame's own `localStorage`, and whether anything is still waiting to be saved. Everything is
 * found by role, accessible name or visible text, as a learner would.
 */
import type { Frame, Locator } from 'playwright-core';

/** A card on screen: its element id, the soak tokens in its text, and its state. */
export type Card = { id: string; tokens: string[]; editable: boolean; unsaved: boolean };

/** The cards of the list on `/`, read in one go. */
export const cards = (frame: Frame): Promise<Card[]> =>
  frame.evaluate(() =>
    [...document.querySelectorAll('main article')].map((a) => {
      const text = (a as HTMLElement).innerText;
      const edit = [...a.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Edit note');
      return {
        id: a.id,
        tokens: [...text.matchAll(/#([0-9a-z]{8})\b/g)].map((m) => m[1]!),
        editable: !!edit && !edit.disabled && edit.getAttribute('aria-disabled') !== 'true',
        unsaved: text.includes('Not saved yet'),
      };
    }),
  );

/** The editor labelled `Note` (a text area, or Quill's contenteditable with role textbox) inside `scope`. */
export const noteBox = (scope: Frame | Locator): Locator =>
  scope.getByRole('textbox', { name: 'Note', exact: true });

/** What an editor element holds as text (a text area's value, or a contenteditable's text). */
export const boxText = (box: Locator): Promise<string> =>
  box.evaluate((el) =>
    el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement
      ? el.value
      : (el as HTMLElement).innerText,
  );

/** A write queued in the outbox: its kind, the soak tokens in it (an edit's old and new text), its note id. */
export type QueuedWrite = { kind: string; tokens: string[]; noteId: string | null };

/** The learner's journals in the frame's storage: queued writes (with their tokens) and drafts. */
export type JournalView = {
  outbox: QueuedWrite[];
  drafts: number;
  conflicts: number;
  keys: number;
};

/** Reads every `notes:journal:*` entry of the frame's `localStorage` (empty when storage is missing). */
export const journal = (frame: Frame): Promise<JournalView> =>
  frame.evaluate(() => {
    const view = {
      outbox: [] as { kind: string; tokens: string[]; noteId: string | null }[],
      drafts: 0,
      conflicts: 0,
      keys: 0,
    };
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return view;
    }
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith('notes:journal:')) continue;
      view.keys += 1;
      try {
        const j = JSON.parse(storage.getItem(key) ?? '{}') as {
          outbox?: { kind: string; noteId?: string; tempId?: string }[];
          drafts?: object;
          conflicts?: object;
        };
        for (const item of j.outbox ?? [])
          view.outbox.push({
            kind: item.kind,
            noteId: item.noteId ?? item.tempId ?? null,
            tokens: [...JSON.stringify(item).matchAll(/#([0-9a-z]{8})\b/g)].map((m) => m[1]!),
          });
        view.drafts += Object.keys(j.drafts ?? {}).length;
        view.conflicts += Object.keys(j.conflicts ?? {}).length;
      } catch {}
    }
    return view;
  });

/** What the page shows that means "not done yet": unsaved notes, saving, a pending delete, a conflict. */
export const pendingOnScreen = (frame: Frame) =>
  frame.evaluate(() => {
    const text = document.body.innerText;
    return {
      unsaved: (text.match(/Not saved yet/g) ?? []).length,
      saving: (text.match(/Saving…/g) ?? []).length,
      undo: [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Undo'),
      conflicts: document.querySelectorAll('section.conflict').length,
    };
  });

/** Whether the frame can keep anything in `localStorage` (partitioned storage on, not private mode). */
export const storageWorks = (frame: Frame): Promise<boolean> =>
  frame.evaluate(() => {
    try {
      localStorage.setItem('soak:probe', '1');
      localStorage.removeItem('soak:probe');
      return true;
    } catch {
      return false;
    }
  });

/** Waits until `check` holds, polling every `everyMs`, for at most `ms`; returns whether it held. */
export async function until(check: () => Promise<boolean>, ms: number, everyMs = 100): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
