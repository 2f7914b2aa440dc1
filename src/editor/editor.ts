/**
 * The rich-text editor, imperative, in a bundle of its own (`assets/editor-*.js`, with Quill; see
 * build.mjs): the editing chunk imports it on the first Add note / Edit note, or ahead of need. It mounts
 * into the element it is given: our toolbar, the link field, the labelled editable text and a file
 * picker. Images never go in as `data:` URLs: a picked, pasted or dropped file goes to `onImage`,
 * and only the URL the upload answered is inserted (`insertImage`). Every error — in Quill or in our
 * code — goes to `onError` (see error-watch.ts), after which the caller replaces the editor.
 */
import { guarded, watchErrors } from './error-watch.ts';
import { catchImageFiles, createImagePicker } from './image-input.ts';
import { applyLink, linkTarget, type Range } from './link-action.ts';
import { createLinkField, type LinkChoice } from './link-field.ts';
import { createQuill, type Quill } from './quill-setup.ts';
import { plainText, relaxSpaces } from './semantic-html.ts';
import { armFaults, faultArmed } from './test-hooks.ts';
import { CLOZE_KEYS, createToolbar, isPressed, TOOL_ITEMS, type ToolItem } from './toolbar.ts';
import type { EditorHandle, EditorModule, EditorOptions } from './types.ts';

/** Mounts an editor into `container` (emptied first); see the module comment. */
export const mountRichEditor: EditorModule['mountRichEditor'] = (container, options) => {
  const doc = container.ownerDocument;
  let dead = false;
  let stopWatching: () => void = () => undefined;
  const report = (error: unknown) => {
    if (dead) return;
    dead = true;
    stopWatching();
    options.onError(error);
  };
  const guard = <A extends unknown[], R>(fn: (...args: A) => R) => guarded(report, fn);
  container.replaceChildren();
  container.classList.add('rt-editor');
  stopWatching = watchErrors(container, report);

  const picker = createImagePicker(
    doc,
    guard((file: File) => options.onImage(file)),
  );
  const host = doc.createElement('div');
  host.className = 'rt-text';
  let labels = options.labels;
  const toolbar = createToolbar(
    doc,
    labels,
    options.dir,
    guard((item: ToolItem) => press(item)),
  );
  const linkField = createLinkField(doc, labels);
  container.append(toolbar.element, linkField.element, host, picker.element);

  const quill: Quill = createQuill(host);
  const root = quill.root;
  root.setAttribute('role', 'textbox');
  root.setAttribute('aria-multiline', 'true');
  root.setAttribute('aria-labelledby', options.labelledBy);
  root.setAttribute('dir', 'auto');
  quill.setContents(quill.clipboard.convert({ html: options.html, text: '\n' }), 'silent');
  quill.history.clear();

  let lastRange: Range | null = null;
  const html = () => relaxSpaces(quill.getSemanticHTML());
  const text = () => plainText(quill.getText());
  const refreshToolbar = () => {
    const range = quill.getSelection() ?? lastRange;
    toolbar.update(range ? quill.getFormat(range) : {});
  };
  quill.on(
    'editor-change',
    guard(() => {
      const range = quill.getSelection();
      if (range) lastRange = range;
      refreshToolbar();
    }),
  );
  quill.on(
    'text-change',
    guard(() => options.onChange(html(), text())),
  );
  if (__NOTES_TEST_HOOKS__) {
    // Not guarded on purpose: the error goes through Quill's dispatch, as a real one would.
    quill.on('text-change', () => {
      if (faultArmed()) throw new Error('Notes test hook: the editor was told to fail');
    });
    armFaults();
  }

  /** The range a toolbar action applies to: the selection, else where it last was, else the end. */
  const target = (): Range =>
    quill.getSelection() ?? lastRange ?? { index: quill.getLength() - 1, length: 0 };
  const press = (item: ToolItem) => {
    if (item.name === 'image') return picker.open();
    if (item.name === 'link') {
      const { range, current } = linkTarget(quill, target());
      return linkField.open(
        current,
        guard((choice: LinkChoice) => applyLink(quill, range, choice)),
      );
    }
    const range = target();
    quill.setSelection(range, 'silent');
    const on = isPressed(item, quill.getFormat(range));
    quill.format(item.format, on ? false : item.value, 'user');
    refreshToolbar();
  };
  // Alt+Shift+H hides the selected words in review (or shows them again), like its button. Matched
  // on the physical key: Alt changes the typed character on some layouts (macOS's Option).
  const cloze = TOOL_ITEMS.find((item) => item.name === 'cloze');
  root.addEventListener(
    'keydown',
    guard((event: KeyboardEvent) => {
      if (!cloze || event.code !== CLOZE_KEYS.code || !event.altKey || !event.shiftKey) return;
      if (event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      press(cloze);
    }),
  );
  catchImageFiles(
    container,
    guard((file: File) => options.onImage(file)),
  );

  const handle: EditorHandle = {
    getHtml: html,
    getText: text,
    hasFocus: () => quill.hasFocus(),
    focus: guard((atEnd = false) => {
      quill.focus();
      if (atEnd) quill.setSelection(quill.getLength() - 1, 0, 'silent');
    }),
    insertImage: guard((url: string) => {
      const index = target().index;
      quill.insertEmbed(index, 'image', url, 'user');
      if (quill.hasFocus()) quill.setSelection(index + 1, 0, 'silent');
      else lastRange = { index: index + 1, length: 0 };
    }),
    describe: guard((ids: string | null) => {
      if (ids) {
        root.setAttribute('aria-describedby', ids);
        root.setAttribute('aria-invalid', 'true');
      } else {
        root.removeAttribute('aria-describedby');
        root.removeAttribute('aria-invalid');
      }
    }),
    setLabels: guard((next) => {
      labels = next;
      toolbar.setLabels(labels);
      linkField.setLabels(labels);
    }),
    destroy() {
      dead = true;
      stopWatching();
      try {
        quill.disable();
      } catch {
        // a broken Quill may fail even here: it is being thrown away anyway
      }
      container.replaceChildren();
      container.classList.remove('rt-editor');
    },
  };
  refreshToolbar();
  return handle;
};

export type { EditorOptions };
