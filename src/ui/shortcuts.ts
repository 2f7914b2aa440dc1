/** Keyboard shortcuts of the app, each named so the help text and the handlers agree. */
export type ShortcutId = 'new-note' | 'search';

/** A key press as far as shortcuts care. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>;

/**
 * The shortcuts and their keys. Alt+Shift+letter: screen readers use Insert/Caps Lock and single
 * letters in browse mode, browsers Ctrl/Cmd+letter, so this pair clashes with neither.
 * Matched on `code` (the physical key), since Alt changes the character on some layouts.
 */
export const SHORTCUTS: readonly { id: ShortcutId; code: string; keys: string; label: string }[] = [
  { id: 'new-note', code: 'KeyN', keys: 'Alt+Shift+N', label: 'Add a note' },
  { id: 'search', code: 'KeyF', keys: 'Alt+Shift+F', label: 'Search all notes' },
];

/** The shortcut a key press means, if any. */
export function matchShortcut(press: KeyPress): ShortcutId | null {
  if (!press.altKey || !press.shiftKey || press.ctrlKey || press.metaKey) return null;
  return SHORTCUTS.find((s) => s.code === press.code)?.id ?? null;
}

/** Handlers registered by the screen on show; the composition root feeds it key presses. */
export type Shortcuts = ReturnType<typeof createShortcuts>;

/**
 * A registry: the latest handler for a shortcut wins (the screen on show over the shell's
 * fallback), and removing it brings the previous one back.
 */
export function createShortcuts() {
  const handlers = new Map<ShortcutId, (() => void)[]>();
  return {
    /** Handles `id` until the returned function is called. */
    on(id: ShortcutId, handler: () => void): () => void {
      handlers.set(id, [...(handlers.get(id) ?? []), handler]);
      return () => {
        handlers.set(
          id,
          (handlers.get(id) ?? []).filter((h) => h !== handler),
        );
      };
    },
    /** Runs the handler of a key press; true when the press was a shortcut someone handled. */
    handle(press: KeyPress): boolean {
      const id = matchShortcut(press);
      const handler = id ? handlers.get(id)?.at(-1) : undefined;
      if (!handler) return false;
      handler();
      return true;
    },
  };
}
