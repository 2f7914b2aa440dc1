/**
 * The toolbar's Link on Quill's content: which range it is about (the selection, or the whole link
 * the caret is in or right after) with its current address, and applying the link field's answer.
 */

import type { LinkChoice } from './link-field.ts';
import type { Quill } from './quill-setup.ts';

/** A span of the text, as Quill counts it. */
export type Range = { index: number; length: number };

type LinkBlot = { length(): number; domNode: HTMLElement };
type AnyBlot = { statics?: { blotName?: string } } | null;

/** The range Link applies to, and the link address already there (null when none). */
export function linkTarget(quill: Quill, range: Range): { range: Range; current: string | null } {
  if (range.length > 0) {
    const link = quill.getFormat(range).link;
    return { range, current: typeof link === 'string' ? link : null };
  }
  for (const at of [range.index, range.index - 1]) {
    const index = Math.max(at, 0);
    const [blot, offset] = quill.scroll.descendant(
      (b: AnyBlot) => b?.statics?.blotName === 'link',
      index,
    ) as [LinkBlot | null, number];
    if (blot)
      return {
        range: { index: index - offset, length: blot.length() },
        current: blot.domNode.getAttribute('href'),
      };
  }
  return { range, current: null };
}

/** Applies the field's answer to `range` (a collapsed range gets the address as its text) and puts the caret after it. */
export function applyLink(quill: Quill, range: Range, choice: LinkChoice): void {
  quill.focus();
  if (choice === 'cancel') return void quill.setSelection(range, 'silent');
  let end = range.index + range.length;
  if (choice === null) quill.formatText(range.index, range.length, 'link', false, 'user');
  else if (range.length > 0) quill.formatText(range.index, range.length, 'link', choice, 'user');
  else {
    quill.insertText(range.index, choice, { link: choice }, 'user');
    end = range.index + choice.length;
  }
  quill.setSelection(end, 0, 'user');
}
