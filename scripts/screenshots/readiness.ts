/**
 * Waits for what a screenshot must show, never a fixed sleep: the app's frame, its stylesheets
 * applied, its fonts loaded, and a last couple of painted frames. Each wait gives up with the
 * page's own timeout, so a broken screen fails its shot instead of producing a blank image.
 */
import type { Frame, Page } from 'playwright-core';

/** The app's frame in the portal page, once it has navigated to the app's origin. */
export async function appFrame(page: Page, appOrigin: string, timeoutMs: number): Promise<Frame> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = page.frames().find((f) => f.url().startsWith(appOrigin));
    if (found) return found;
    if (Date.now() > end) throw new Error(`the app frame (${appOrigin}) never appeared`);
    await page.waitForTimeout(50);
  }
}

/** Waits until a note card holding `text` is visible in the frame. */
export const noteVisible = (f: Frame, text: string) =>
  f.locator('main article', { hasText: text }).first().waitFor({ state: 'visible' });

/**
 * Waits until every stylesheet in the frame has loaded (themes, screens and the editor bring
 * their own) and the body has the theme's background, i.e. the styles really apply.
 */
export const stylesApplied = (f: Frame) =>
  f.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every(
        (l) => l.sheet !== null,
      ) && getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)',
  );

/** Relative luminance (0 black … 1 white) of the frame's body background. */
export async function backgroundLuminance(f: Frame): Promise<number> {
  // Only the colour is read in the page: tsx names inner functions with a helper the page lacks.
  const css = await f.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Fails unless the frame's background is light (`dark` false) or dark (`dark` true). */
export async function expectBackground(f: Frame, dark: boolean): Promise<void> {
  const lum = await backgroundLuminance(f);
  if (dark ? lum > 0.05 : lum < 0.6) {
    throw new Error(`the app's background is not ${dark ? 'dark' : 'light'} (luminance ${lum.toFixed(3)})`);
  }
}

/** Fonts loaded in the portal page and the frame, then two painted frames and a short settle. */
export async function settle(page: Page, f: Frame): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await f.evaluate(() => document.fonts.ready.then(() => undefined));
  await f.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForTimeout(150);
}
