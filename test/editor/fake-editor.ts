/**
 * A stand-in for the editor chunk (Quill runs in a real browser only): `setEditorChunk` swaps it
 * in, so the note form, the watchdog's restarts and the fallback run under linkedom. Each mount
 * renders a labelled `role=textbox` element; the test drives the latest mount through `current()`.
 */

import type { EditorHandle, EditorModule, EditorOptions } from '../../src/editor/types.ts';
import { setEditorChunk } from '../../src/ui/editor/load-editor.ts';

/** One mounted fake editor and the test's controls over it. */
export type FakeMount = {
  options: EditorOptions;
  html: string;
  text: string;
  inserted: string[];
  destroyed: boolean;
  /** The learner changed the content. */
  type(text: string, html?: string): void;
  /** The editor fails (Quill threw). */
  fail(error?: unknown): void;
  /** `getHtml`/`getText` throw from now on (a broken editor's content can't be read). */
  unreadable(): void;
};

/** The fake chunk. */
export type FakeEditor = {
  mounts: FakeMount[];
  current(): FakeMount;
  /** Makes the next `count` loads of the chunk fail (a flaky link). */
  failLoads(count: number): void;
};

/** Installs a fresh fake chunk and returns it. */
export function installFakeEditor(): FakeEditor {
  const mounts: FakeMount[] = [];
  let failing = 0;
  const module: EditorModule = {
    mountRichEditor(container, options) {
      let broken = false;
      const box = container.ownerDocument.createElement('div');
      box.setAttribute('role', 'textbox');
      box.setAttribute('aria-labelledby', options.labelledBy);
      container.replaceChildren(box);
      const mount: FakeMount = {
        options,
        html: options.html,
        text: options.html
          .replace(/<\/p>/g, '\n')
          .replace(/<[^>]*>/g, '')
          .replace(/\n$/, ''),
        inserted: [],
        destroyed: false,
        type(text, html = `<p>${text}</p>`) {
          mount.text = text;
          mount.html = html;
          options.onChange(html, text);
        },
        fail: (error = new Error('fake editor failure')) => options.onError(error),
        unreadable: () => {
          broken = true;
        },
      };
      const read = <T>(value: () => T) => {
        if (broken) throw new Error('unreadable');
        return value();
      };
      const handle: EditorHandle = {
        getHtml: () => read(() => mount.html),
        getText: () => read(() => mount.text),
        hasFocus: () => false,
        focus: () => undefined,
        insertImage: (url) => {
          mount.inserted.push(url);
          mount.type(mount.text, `${mount.html}<p><img src="${url}" alt=""></p>`);
        },
        describe: (ids) =>
          ids ? box.setAttribute('aria-describedby', ids) : box.removeAttribute('aria-describedby'),
        setLabels: () => undefined,
        destroy: () => {
          mount.destroyed = true;
          box.remove();
        },
      };
      mounts.push(mount);
      return handle;
    },
  };
  setEditorChunk(() => {
    if (failing > 0) {
      failing -= 1;
      return Promise.reject(new Error('chunk failed to load'));
    }
    return Promise.resolve(module);
  });
  return {
    mounts,
    current() {
      const last = mounts.at(-1);
      if (!last) throw new Error('no editor mounted yet');
      return last;
    },
    failLoads(count) {
      failing = count;
    },
  };
}
