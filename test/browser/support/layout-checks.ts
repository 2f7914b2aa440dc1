/**
 * Reads of a frame's layout for the reflow tests (WCAG 1.4.4 Resize Text, 1.4.10 Reflow): nothing
 * scrolls sideways, nothing is cut off, no two controls overlap. Each returns the problems it
 * found, in words, so a test can report every screen at once.
 */
import type { Frame } from 'playwright-core';

/**
 * tsx compiles the functions these reads send to the page with esbuild's `keepNames`, which wraps
 * a named inner function in a `__name(fn, "name")` call; the page needs that helper too.
 */
export const KEEP_NAMES = 'globalThis.__name ??= (fn) => fn';

/** What a learner can operate: the elements whose boxes must be whole and apart. */
export const CONTROLS =
  'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=option], [contenteditable=true], [tabindex]:not([tabindex="-1"])';

/**
 * The layout problems of the frame's document as it is drawn now:
 * - the page scrolls sideways (scrollWidth > clientWidth + 1);
 * - a control reaches past the frame's left or right edge;
 * - a control (or a line of an inline one) overlaps another, neither holding the other, by more
 *   than 1 px each way (an option of an open list box may cover what is under its list);
 * - a control sticks out of an ancestor that hides its overflow, or an ancestor that scrolls does
 *   so sideways;
 * - a button's or summary's own text spills out of its box.
 * Controls out of view (display: none, zero size, visually hidden) are skipped.
 */
export async function layoutProblems(f: Frame, where: string, selector = CONTROLS): Promise<string[]> {
  await f.evaluate(KEEP_NAMES);
  return f.evaluate(
    ([sel, at]) => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth + 1) {
        // Named by the innermost elements that reach past the edge.
        const past = [...document.body.querySelectorAll('*')].filter(
          (el) =>
            el.getBoundingClientRect().right > root.clientWidth + 1 &&
            ![...el.children].some((c) => c.getBoundingClientRect().right > root.clientWidth + 1),
        );
        const names = past
          .slice(0, 3)
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`);
        problems.push(
          `${at}: the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px; past the edge: ${names.join(', ') || 'text'})`,
        );
      }
      const shown = [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1 && !el.closest('.visually-hidden') && el.checkVisibility();
      });
      const name = (el: Element) =>
        `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      for (const el of shown) {
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.right > root.clientWidth + 1)
          problems.push(
            `${at}: ${name(el)} reaches past the frame (${Math.round(r.left)}–${Math.round(r.right)} px)`,
          );
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          const hides = [style.overflowX, style.overflowY].some((o) => o === 'hidden' || o === 'clip');
          if (hides) {
            const box = a.getBoundingClientRect();
            if (
              r.left < box.left - 1 ||
              r.right > box.right + 1 ||
              r.top < box.top - 1 ||
              r.bottom > box.bottom + 1
            )
              problems.push(`${at}: ${name(el)} is cut off by ${name(a)}, which hides its overflow`);
          } else if (
            [style.overflowX].some((o) => o === 'auto' || o === 'scroll') &&
            a.scrollWidth > a.clientWidth + 1
          )
            problems.push(`${at}: ${name(a)} scrolls sideways (${a.scrollWidth} > ${a.clientWidth} px)`);
        }
        if ((el.tagName === 'BUTTON' || el.tagName === 'SUMMARY') && el.scrollWidth > el.clientWidth + 1)
          problems.push(
            `${at}: the text of ${name(el)} spills out of it (${el.scrollWidth} > ${el.clientWidth} px)`,
          );
      }
      for (let i = 0; i < shown.length; i++) {
        const a = shown[i] as HTMLElement;
        for (let j = i + 1; j < shown.length; j++) {
          const b = shown[j] as HTMLElement;
          if (a.contains(b) || b.contains(a)) continue;
          if ((a.getAttribute('role') === 'option') !== (b.getAttribute('role') === 'option')) continue;
          let overlap = false;
          for (const ra of a.getClientRects())
            for (const rb of b.getClientRects()) {
              const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
              const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
              if (w > 1 && h > 1) overlap = true;
            }
          if (overlap) problems.push(`${at}: ${name(a)} and ${name(b)} overlap`);
        }
      }
      return [...new Set(problems)];
    },
    [selector, where] as const,
  );
}
