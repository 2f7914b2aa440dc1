/**
 * A linkedom document installed as the globals Preact renders into (`document`, `window`, event
 * classes), so components render under Node with their real code. Quill needs a real browser;
 * our components do not.
 */
import { parseHTML } from 'linkedom';
import { options } from 'preact';

/** The installed DOM; `reset` empties the body between tests. */
export type TestDom = { document: Document; window: Window & typeof globalThis; reset(): void };

let installed: TestDom | null = null;

/**
 * Installs a linkedom window as the global DOM (parsed once) and returns it. The globals are put
 * back if they are gone: the unit pool (test/support/unit-worker.mjs) restores Node's own between
 * files.
 */
export function installDom(): TestDom {
  if (installed && globalThis.document === installed.document) return installed;
  const { window, document } =
    installed ?? parseHTML('<!doctype html><html lang="en"><head></head><body></body></html>');
  const g = globalThis as Record<string, unknown>;
  for (const name of [
    'document',
    'window',
    'Node',
    'Element',
    'HTMLElement',
    'Event',
    'CustomEvent',
    'MouseEvent',
    'KeyboardEvent',
    'FocusEvent',
    'InputEvent',
    'SVGElement',
    'Text',
  ]) {
    const value =
      name === 'window'
        ? window
        : name === 'document'
          ? document
          : (window as unknown as Record<string, unknown>)[name];
    if (
      value !== undefined &&
      !(name in g && name !== 'window' && name !== 'document' && g[name] === value)
    ) {
      Object.defineProperty(g, name, { value, configurable: true, writable: true });
    }
  }
  // Effects run after the next frame; under Node that is the next macrotask, so tests can settle.
  (options as { requestAnimationFrame?: (cb: () => void) => void }).requestAnimationFrame = (cb) => {
    setTimeout(cb, 0);
  };
  installed = {
    document: document as unknown as Document,
    window: window as unknown as Window & typeof globalThis,
    reset: () => {
      document.body.replaceChildren();
    },
  };
  return installed;
}
