/**
 * The frame every scenario-based browser test file shares: one browser per file (Chromium, or
 * Firefox with `NOTES_BROWSER=firefox`: engine.ts), a scenario (app, API, portal, page) per test,
 * closed after it whatever happened.
 */
import type { Browser } from 'playwright-core';
import { suite, type Test } from 'uvu';
import { openScenario, type Scenario, type ScenarioOptions } from './app-fixture.ts';
import type { ProcessModel, StorageSetting } from './chromium.ts';
import { launchBrowser } from './engine.ts';

/**
 * A suite with a browser in its context, and `scenario` to open one that closes itself. `storage`:
 * what the browser gives the cross-site app frame; `processes`: where that frame runs (engine.ts
 * `launchBrowser`).
 */
export function browserSuite(
  name: string,
  storage: StorageSetting = 'partitioned',
  processes: ProcessModel = 'isolated',
): {
  test: Test<{ browser: Browser }>;
  scenario: (browser: Browser, options?: ScenarioOptions) => Promise<Scenario>;
} {
  const test = suite<{ browser: Browser }>(name);
  let open: Scenario[] = [];
  test.before(async (ctx) => {
    ctx.browser = await launchBrowser(storage, processes);
  });
  test.after(async (ctx) => {
    await ctx.browser.close();
  });
  test.after.each(async () => {
    await Promise.all(open.map((s) => s.close()));
    open = [];
  });
  const scenario = async (browser: Browser, options: ScenarioOptions = {}) => {
    const s = await openScenario(browser, options);
    open.push(s);
    return s;
  };
  return { test, scenario };
}
