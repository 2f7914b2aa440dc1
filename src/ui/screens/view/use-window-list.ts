import {
  observeWindowOffset,
  observeWindowRect,
  type Rect,
  type VirtualItem,
  Virtualizer,
  windowScroll,
} from '@tanstack/virtual-core';
import { type RefObject, useLayoutEffect, useState } from 'react';

/** Rows drawn beyond the visible ones, above and below: Tab always finds the next card rendered. */
const OVERSCAN = 8;
/** A first guess at a card's height (it is measured once drawn). */
const ESTIMATE = 180;
/** Used where the browser reports no viewport (tests under a DOM without layout). */
const FALLBACK: Rect = { width: 1024, height: 800 };

/** The rows to draw now and the space the others take, above and below them. */
export type WindowedRows = {
  items: VirtualItem[];
  /** Space for the rows above the first drawn one, and below the last. */
  before: number;
  after: number;
  /** Attach to each drawn row (with `data-index`), so its real height is measured. */
  measure: (node: HTMLElement | null) => void;
  /** Scrolls the frame so row `index` is drawn (a focus request for a note further down). */
  reveal(index: number): void;
};

/**
 * Windowing for a list in the page's own scroll (the frame scrolls, not a box inside it), with
 * @tanstack/virtual-core: only the rows near the viewport are in the DOM, whatever the length —
 * 10,000 notes cost what 30 do. `list` is the `<ul>`; its distance from the document's top is
 * re-read after each render (the controls above it may change height).
 */
export function useWindowList(
  list: RefObject<HTMLElement | null>,
  count: number,
  keyOf: (index: number) => string,
): WindowedRows {
  const [, redraw] = useState(0);
  const [virtualizer] = useState(
    () =>
      new Virtualizer<Window, HTMLElement>({
        count,
        getScrollElement: () => list.current?.ownerDocument.defaultView ?? null,
        estimateSize: () => ESTIMATE,
        overscan: OVERSCAN,
        initialRect: FALLBACK,
        scrollToFn: windowScroll,
        observeElementRect: (instance, cb) =>
          observeWindowRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK)),
        observeElementOffset: observeWindowOffset,
        onChange: () => redraw((n) => n + 1),
      }),
  );
  const [margin, setMargin] = useState(0);
  virtualizer.setOptions({ ...virtualizer.options, count, getItemKey: keyOf, scrollMargin: margin });
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount once: `virtualizer` is created once per component (useState), and _didMount's clean-up is its unmount
  useLayoutEffect(() => virtualizer._didMount(), []);
  useLayoutEffect(() => {
    virtualizer._willUpdate();
    const el = list.current;
    const view = el?.ownerDocument.defaultView;
    if (!el || !view) return;
    const top = Math.round(el.getBoundingClientRect().top + (view.scrollY || 0));
    if (Number.isFinite(top) && top !== margin) setMargin(top);
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    before: first ? Math.max(0, first.start - margin) : 0,
    after: last ? Math.max(0, total - (last.end - margin)) : 0,
    measure: virtualizer.measureElement,
    reveal: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
  };
}
