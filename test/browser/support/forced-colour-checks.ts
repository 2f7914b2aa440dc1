/**
 * Reads of a frame in forced colours (Windows High Contrast, emulated with `forced-colors: active`)
 * for forced-colors.test.ts: each returns what it found wrong, in words.
 */
import type { Frame, Page } from 'playwright-core';
import { CONTROLS, KEEP_NAMES } from './layout-checks.ts';

/**
 * Every control drawn so it can be seen and told apart from text: its text (and an icon's stroke)
 * a different colour from what is behind it; a button, field or list box framed by a border on all
 * four sides in a colour that shows; a link in the link colour or underlined. And every text at
 * 4.5:1 against what is behind it, in the colours actually drawn.
 */
export async function controlProblems(f: Frame, where: string): Promise<string[]> {
  await f.evaluate(KEEP_NAMES);
  return f.evaluate(
    ([sel, at]) => {
      const problems: string[] = [];
      const probe = document.createElement('span');
      probe.style.color = 'LinkText';
      document.body.append(probe);
      const linkText = getComputedStyle(probe).color;
      probe.remove();
      const opaque = (c: string) => !/^rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent';
      const behind = (el: Element | null): string => {
        for (let e = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (opaque(bg)) return bg;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      const name = (el: Element) =>
        `<${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? ` class="${el.className}"` : ''}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
      const controls = [...document.querySelectorAll<HTMLElement>(sel)].filter(
        (el) =>
          el.checkVisibility() && !el.closest('.visually-hidden') && el.getBoundingClientRect().width > 1,
      );
      for (const el of controls) {
        const style = getComputedStyle(el);
        const bg = behind(el);
        if (style.color === bg) problems.push(`${at}: ${name(el)}: its text is the colour behind it (${bg})`);
        for (const icon of el.querySelectorAll('svg')) {
          const stroke = getComputedStyle(icon).stroke;
          if (stroke === bg) problems.push(`${at}: ${name(el)}: its icon is the colour behind it`);
        }
        const framed = el.matches(
          'button, select, textarea, input:not([type=checkbox], [type=radio], [type=file]), [role=button], .btn, .btn-secondary',
        );
        if (framed) {
          const outside = behind(el.parentElement);
          for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
            const s = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
            const w = Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
            const c = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
            if (s === 'none' || s === 'hidden' || w < 1 || !opaque(c) || c === outside) {
              problems.push(
                `${at}: ${name(el)} has no visible ${side.toLowerCase()} border (${s} ${w}px ${c})`,
              );
              break;
            }
          }
        } else if (
          el.matches('a[href]') &&
          style.color !== linkText &&
          !style.textDecorationLine.includes('underline')
        )
          problems.push(`${at}: ${name(el)} is neither in the link colour nor underlined`);
      }
      // Text contrast as drawn. axe's own check can't be used here: it reads
      // -webkit-text-fill-color, which Chromium still reports in the theme's colour while it
      // draws the forced one (dark text on the dark palette's black, by axe's reading).
      const luminance = (c: string) => {
        const [r, g, b] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
          const x = Number(v) / 255;
          return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const checked = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || checked.has(el) || !node.textContent?.trim() || !el.checkVisibility()) continue;
        if (el.closest('.visually-hidden, [aria-hidden="true"]')) continue;
        checked.add(el);
        const style = getComputedStyle(el);
        const [a, b] = [luminance(style.color), luminance(behind(el))];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < 4.5)
          problems.push(
            `${at}: ${name(el)}: text contrast ${ratio.toFixed(2)} (${style.color} on ${behind(el)})`,
          );
      }
      return problems;
    },
    [CONTROLS, where] as const,
  );
}

/**
 * Tabs through the frame `presses` times from its title, and returns every stop whose focus does
 * not show: no `:focus-visible`, or an outline that is missing, under 2 px, or invisible.
 */
export async function focusRingProblems(
  page: Page,
  f: Frame,
  where: string,
  presses: number,
): Promise<string[]> {
  await f.evaluate(KEEP_NAMES);
  await f.locator('main h1').click();
  const problems: string[] = [];
  const seen: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const stop = await f.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const c = getComputedStyle(el);
      return {
        name: `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || el.id).trim().slice(0, 30)}"`,
        visible: el.matches(':focus-visible'),
        style: c.outlineStyle,
        width: Number.parseFloat(c.outlineWidth),
        color: c.outlineColor,
      };
    });
    if (!stop) break; // focus left the frame
    seen.push(stop.name);
    if (!stop.visible || stop.style === 'none' || stop.width < 2 || /,\s*0\)$/.test(stop.color))
      problems.push(
        `${where}: focus on ${stop.name} does not show (${stop.style} ${stop.width}px ${stop.color})`,
      );
  }
  if (seen.length < 5)
    problems.push(`${where}: Tab reached only ${seen.length} controls: ${seen.join(', ')}`);
  return problems;
}
