/**
 * Faults the mock API can't produce on demand (a 403, a 500 then OK, an offline link, a slow
 * answer for one resource), injected with Playwright request interception in the page. Routes on
 * the page also catch the requests of the app's cross-origin frame. Requests a fault doesn't take
 * go on to the real API.
 */
import type { Page, Request, Route } from 'playwright-core';

/** Answer with this status and JSON body, or drop the connection (`'abort'`, as offline). */
export type Fault = { status: number; body?: unknown } | 'abort';

/** Which requests a fault takes and how many times (all matching ones by default). */
export type FaultOptions = { times?: number; when?: (request: Request) => boolean };

/** The glob of one API path (`/notes/fetch`) on any origin. */
export const apiPath = (path: string): string => `**/api/v1${path}`;

/** The JSON body a request sent, or null. */
export const bodyOf = (request: Request): Record<string, unknown> | null => {
  try {
    return request.postDataJSON() as Record<string, unknown> | null;
  } catch {
    return null;
  }
};

/**
 * Makes calls to `path` fail with `fault` (the first `times` matching ones). Returns how many it
 * took so far.
 */
export async function injectFault(
  page: Page,
  path: string,
  fault: Fault,
  options: FaultOptions = {},
): Promise<{ taken(): number }> {
  let taken = 0;
  await page.route(apiPath(path), async (route: Route) => {
    const request = route.request();
    const wanted =
      (options.when?.(request) ?? true) && (options.times === undefined || taken < options.times);
    if (!wanted) return route.fallback();
    taken += 1;
    if (fault === 'abort') return route.abort('internetdisconnected');
    return route.fulfill({
      status: fault.status,
      contentType: 'application/json',
      body: JSON.stringify(fault.body ?? { error: `Injected ${fault.status}` }),
    });
  });
  return { taken: () => taken };
}

/** A held request: `arrived` resolves once one is held (and rejects after the test timeout, so a
 * request that never comes fails the test instead of hanging it); `release` lets every held one go
 * on to the API (one the page gave up on meanwhile is skipped). */
export type Hold = { arrived: Promise<void>; release(): Promise<void> };

/** Holds calls to `path` that `when` accepts until `release` is called. */
export async function holdRequests(page: Page, path: string, when?: (r: Request) => boolean): Promise<Hold> {
  const held: Route[] = [];
  let released = false;
  let arrive: () => void = () => undefined;
  const timeoutMs = Number(process.env.NOTES_TEST_TIMEOUT_MS ?? 10_000);
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${path} request to hold within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
    arrive = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  arrived.catch(() => undefined); // a test that never awaits it must not crash the run
  await page.route(apiPath(path), async (route) => {
    if (released || !(when?.(route.request()) ?? true)) return route.fallback();
    held.push(route);
    arrive();
  });
  return {
    arrived,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.fallback().catch(() => undefined)));
    },
  };
}
