/**
 * Quill with only what notes use: `quill/core` (keyboard, clipboard, history, input) plus bold,
 * italic, underline, strike, link, lists, blockquote, code block, headings, images and hidden
 * words (`cloze`). No theme code and no toolbar module: the toolbar is ours (toolbar.ts).
 */
import Inline from 'quill/blots/inline.js';
import Quill, { Delta } from 'quill/core';
import Blockquote from 'quill/formats/blockquote.js';
import Bold from 'quill/formats/bold.js';
import CodeBlock from 'quill/formats/code.js';
import Header from 'quill/formats/header.js';
import Image from 'quill/formats/image.js';
import Italic from 'quill/formats/italic.js';
import Link from 'quill/formats/link.js';
import List from 'quill/formats/list.js';
import Strike from 'quill/formats/strike.js';
import Underline from 'quill/formats/underline.js';
import { CLOZE_CLASS } from './toolbar.ts';

/** An image source a note may show: http(s), or a path on this origin (the upload's answer). */
export const isImageSource = (src: string): boolean => /^(https?:\/\/|\/(?!\/))/i.test(src.trim());

/**
 * Images as notes keep them: never a `data:` (or any non-http) URL, however the image got in, and
 * always an `alt` (empty unless the note had one), so the open editor passes an accessibility check.
 */
class NoteImage extends Image {
  static override create(value: string) {
    // biome-ignore lint/complexity/noThisInStatic: `super` keeps `this`, so our sanitize runs
    const node = super.create(value) as HTMLElement;
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    return node;
  }
  static override sanitize(url: string): string {
    return isImageSource(url) ? url : '//:0';
  }
  override format(name: string, value: string) {
    if (name === 'alt') this.domNode.setAttribute('alt', value || '');
    else super.format(name, value);
  }
}

/**
 * Words hidden in review ("Hide in review"): `<span class="cloze">…</span>`, the one class the
 * sanitiser keeps on a span (src/protocol/review-rules.ts). A span is also Quill's generic inline
 * tag, whose own `formats` would say "no format here": this one always says it is hidden.
 */
class Cloze extends Inline {
  static override blotName = 'cloze';
  static override tagName = 'SPAN';
  static override className = CLOZE_CLASS;
  static override formats(): true {
    return true;
  }
}
// Outermost of the inline formats (the last in Quill's order): hidden words that are partly bold or
// a link stay one span, so they are one blank (one Anki cloze), not one per format run.
Inline.order.push('cloze');

Quill.register(
  {
    'formats/bold': Bold,
    'formats/italic': Italic,
    'formats/underline': Underline,
    'formats/strike': Strike,
    'formats/link': Link,
    'formats/list': List,
    'formats/blockquote': Blockquote,
    'formats/code-block': CodeBlock,
    'formats/header': Header,
    'formats/image': NoteImage,
    'formats/cloze': Cloze,
  },
  true,
);

/** Quill's Tab bindings, switched off: Tab and Shift+Tab leave the editor (no keyboard trap). */
const NO_TAB = Object.fromEntries(
  ['indent', 'outdent', 'remove tab', 'tab', 'indent code-block', 'outdent code-block', 'table tab'].map(
    (name) => [name, false],
  ),
);

/** A Quill instance in `root` with the formats above and no way for a `data:` image in. */
export function createQuill(root: HTMLElement): Quill {
  const quill = new Quill(root, {
    modules: {
      keyboard: { bindings: NO_TAB },
      // Files dropped or pasted are caught before Quill sees them (editor.ts); this is the backstop.
      uploader: { handler: () => undefined },
    },
  });
  // Pasted HTML: an image keeps only an http(s) or same-origin source.
  quill.clipboard.addMatcher('IMG', (node, delta) =>
    isImageSource((node as HTMLElement).getAttribute('src') ?? '') ? delta : new Delta(),
  );
  return quill;
}

export { Quill };
