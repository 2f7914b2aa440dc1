/**
 * A second tab of the same browser profile showing the same portal: the app's frame in it shares
 * the first frame's storage partition (same top-level site, same frame origin), so the two frames
 * are one learner's two frames — what the cross-frame tests need.
 */
import type { Frame, Page, Request } from 'playwright-core';
import type { Scenario } from './app-fixture.ts';

/** The second tab: its page, its app frame, and the API requests it made. */
export type SecondPage = { page: Page; frame(): Frame; apiRequests: Request[] };

/** Opens the scenario's portal again in a new tab of the same context (same init context). */
export async function openSecondPage(s: Scenario): Promise<SecondPage> {
  const page = await s.context.newPage();
  const apiRequests: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.includes('/api/v1/')) apiRequests.push(r);
  });
  const context = await s.page.evaluate(() => (window as unknown as { __ctx: unknown }).__ctx);
  await page.addInitScript(`window.__ctx = ${JSON.stringify(context)};`);
  await page.goto(s.page.url());
  const origin = s.stack.appOrigin;
  return {
    page,
    apiRequests,
    frame() {
      const f = page.frames().find((x) => x.url().startsWith(origin));
      if (!f) throw new Error('app frame not found in the second tab');
      return f;
    },
  };
}
