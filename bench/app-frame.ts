/** Finding the app's frame inside the stand-in portal, for every browser bench. */
import type { Frame, Page } from 'playwright-core';

/** The portal page's frame showing the app (by origin), once it exists; throws after 10 s. */
export async function appFrame(page: Page, appOrigin: string): Promise<Frame> {
  for (let i = 0; i < 400; i++) {
    const f = page.frames().find((x) => x.url().startsWith(appOrigin));
    if (f) return f;
    await page.waitForTimeout(25);
  }
  throw new Error('the app frame never appeared');
}
