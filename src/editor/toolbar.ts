/**
 * The editor's own toolbar (no Quill theme code): real `<button type=button>`s named in the
 * learner's language, `aria-pressed` following the format at the selection, one Tab stop with the
 * arrow keys moving between buttons (the ARIA toolbar pattern; arrows follow the text direction).
 */
import type { EditorLabels } from './types.ts';

/** One button: the label it is named by, the format it toggles and the value it sets. */
export type ToolItem = {
  name: keyof EditorLabels;
  format: string;
  value: string | number | boolean;
  /** Short text drawn on the button (B, I, H1…) or an SVG path (24×24, stroked). */
  glyph?: string;
  path?: string;
  /** Starts a new group (a little space before it). */
  group?: boolean;
  /** Its keyboard shortcut, in `aria-keyshortcuts`' standard tokens (editor.ts handles it). */
  keys?: string;
};

/**
 * The class of a span of words hidden in review: `CLOZE_CLASS` of src/protocol/review-rules.ts,
 * restated because the Quill bundle imports only itself (test/editor/cloze-class.test.ts checks they agree).
 */
export const CLOZE_CLASS = 'cloze';

/** "Hide in review"'s shortcut: Alt+Shift like the app's own (docs/decisions.md, Keyboard shortcuts). */
export const CLOZE_KEYS = { code: 'KeyH', aria: 'Alt+Shift+H' } as const;

/** The buttons, in order. `image` and `link` are actions of their own (editor.ts). */
export const TOOL_ITEMS: readonly ToolItem[] = [
  { name: 'bold', format: 'bold', value: true, glyph: 'B' },
  { name: 'italic', format: 'italic', value: true, glyph: 'I' },
  { name: 'underline', format: 'underline', value: true, glyph: 'U' },
  { name: 'strike', format: 'strike', value: true, glyph: 'S' },
  { name: 'h1', format: 'header', value: 1, glyph: 'H1', group: true },
  { name: 'h2', format: 'header', value: 2, glyph: 'H2' },
  { name: 'h3', format: 'header', value: 3, glyph: 'H3' },
  {
    name: 'ordered',
    format: 'list',
    value: 'ordered',
    path: 'M10 6h10M10 12h10M10 18h10M4 4.5h1.5V9M3.5 14h3l-3 4h3',
    group: true,
  },
  {
    name: 'bullet',
    format: 'list',
    value: 'bullet',
    path: 'M10 6h10M10 12h10M10 18h10M4.5 6h1M4.5 12h1M4.5 18h1',
  },
  {
    name: 'quote',
    format: 'blockquote',
    value: true,
    path: 'M6 17c2-1 3-3 3-6H5V7h4v4M15 17c2-1 3-3 3-6h-4V7h4v4',
  },
  { name: 'code', format: 'code-block', value: true, path: 'M9 7l-5 5 5 5M15 7l5 5-5 5' },
  {
    name: 'link',
    format: 'link',
    value: true,
    path: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
    group: true,
  },
  { name: 'image', format: 'image', value: true, path: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9h.01' },
  {
    name: 'cloze',
    format: 'cloze',
    value: true,
    // A blank between brackets: words left out for the learner to recall.
    path: 'M7 5H4v14h3M17 5h3v14h-3M8 15h8',
    group: true,
    keys: CLOZE_KEYS.aria,
  },
];

/** Whether `item`'s format is on in `formats` (Quill's `getFormat()` at the selection). */
export function isPressed(item: ToolItem, formats: Record<string, unknown>): boolean {
  const on = formats[item.format];
  if (item.value === true) return Boolean(on);
  return Array.isArray(on) ? on.includes(item.value) : on === item.value;
}

/** A built toolbar. */
export type Toolbar = {
  element: HTMLElement;
  /** Marks the buttons pressed for the formats at the selection. */
  update(formats: Record<string, unknown>): void;
  setLabels(labels: EditorLabels): void;
};

const SVG = 'http://www.w3.org/2000/svg';

function icon(doc: Document, item: ToolItem): Element {
  if (item.glyph) {
    const span = doc.createElement('span');
    span.className = `rt-glyph rt-${item.name}`;
    span.textContent = item.glyph;
    span.setAttribute('aria-hidden', 'true');
    return span;
  }
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', item.path ?? '');
  svg.append(path);
  return svg;
}

/** Builds the toolbar; `onPress` runs for a button (click, Enter or Space). */
export function createToolbar(
  doc: Document,
  labels: EditorLabels,
  dir: 'ltr' | 'rtl',
  onPress: (item: ToolItem) => void,
): Toolbar {
  const bar = doc.createElement('div');
  bar.className = 'rt-toolbar';
  bar.setAttribute('role', 'toolbar');
  const buttons = TOOL_ITEMS.map((item, i) => {
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = item.group ? 'rt-button rt-group' : 'rt-button';
    button.tabIndex = i === 0 ? 0 : -1;
    if (item.name !== 'image') button.setAttribute('aria-pressed', 'false');
    if (item.keys) button.setAttribute('aria-keyshortcuts', item.keys);
    button.append(icon(doc, item));
    // Keep the text's selection when the mouse presses a button.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', () => onPress(item));
    button.addEventListener('focus', () => {
      for (const b of buttons) b.tabIndex = b === button ? 0 : -1;
    });
    bar.append(button);
    return button;
  });
  bar.addEventListener('keydown', (event) => {
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const to: Record<string, number> = {
      [forward]: (at + 1) % buttons.length,
      [back]: (at - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    };
    const next = to[event.key];
    if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    buttons[next]?.focus();
  });
  const setLabels = (next: EditorLabels) => {
    bar.setAttribute('aria-label', next.toolbar);
    TOOL_ITEMS.forEach((item, i) => {
      const button = buttons[i];
      if (!button) return;
      button.setAttribute('aria-label', next[item.name]);
      button.title = next[item.name];
    });
  };
  setLabels(labels);
  return {
    element: bar,
    update(formats) {
      TOOL_ITEMS.forEach((item, i) => {
        if (item.name !== 'image') buttons[i]?.setAttribute('aria-pressed', String(isPressed(item, formats)));
      });
    },
    setLabels,
  };
}
