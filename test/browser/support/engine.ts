/**
 * Which browser engine this browser-test process drives: `NOTES_BROWSER=chromium` (the default) or
 * `firefox`. test/run.mjs runs every browser test file in Chromium, then the files listed in
 * FIREFOX_FILES (test/browser/engines.mjs) again with `NOTES_BROWSER=firefox`. Test files launch
 * through `launchBrowser()` and never name an engine; a test that needs a Chromium-only feature
 * is registered through `chromiumOnly(test, why)`, so the reason sits beside it.
 */
import type { Browser } from 'playwright-core';
import type { Callback, Test } from 'uvu';
import { launchChromium, type ProcessModel, type StorageSetting } from './chromium.ts';
import { launchFirefox } from './firefox.ts';

/** The engines playwright-core drives here (WebKit runs through WebDriver: test/webkit/). */
export type Engine = 'chromium' | 'firefox';

/** The engine of this process, from `NOTES_BROWSER`; anything else is a mistake and throws. */
export const ENGINE: Engine = parseEngine(process.env.NOTES_BROWSER);

function parseEngine(value: string | undefined): Engine {
  if (value === undefined || value === '' || value === 'chromium') return 'chromium';
  if (value === 'firefox') return value;
  throw new Error(`NOTES_BROWSER must be chromium or firefox, not ${JSON.stringify(value)}`);
}

/**
 * Starts this process's engine; close it in the suite's `after`. `refused`: the browser refuses a
 * cross-site frame its storage (Chromium's playwright-core defaults, Firefox's third-party block).
 * `processes`: Chromium's process model for cross-site frames (chromium.ts); Firefox runs without
 * Fission whatever it says (firefox.ts).
 */
export function launchBrowser(
  storage: StorageSetting = 'partitioned',
  processes: ProcessModel = 'isolated',
): Promise<Browser> {
  return ENGINE === 'firefox' ? launchFirefox(storage) : launchChromium([], storage, processes);
}

/**
 * `test` itself in Chromium; elsewhere a registrar that adds nothing (the test is not counted) and
 * says once why. `why` names the Chromium-only feature the test needs.
 */
export function chromiumOnly<T>(test: Test<T>, why: string): (name: string, handler: Callback<T>) => void {
  if (ENGINE === 'chromium') return (name, handler) => test(name, handler);
  return (name) => console.log(`  (Chromium only: "${name}" — ${why})`);
}

/**
 * What playwright-core's WebDriver BiDi backend (Firefox) does not report, so the tests that read
 * it are Chromium-only: a request's body (`postData()` is always null there) and media emulation.
 * (`fromServiceWorker()` is always false there too: service-worker.test.ts checks Cache Storage.)
 */
export const BIDI_GAPS = {
  bodies: "reads request bodies, which playwright-core's BiDi backend does not report (postData() is null)",
  media:
    'emulates print media, which needs emulation.setMediaFeaturesOverride, a BiDi command Firefox ESR does not have',
} as const;

/**
 * Why a test of the app's own logic (its answers to API and token failures) runs in Chromium only:
 * nothing in it differs by engine, and the Firefox phase is the longer of the two that run side by
 * side in CI (test/run.mjs FIREFOX_FILES), which must stay under 25 minutes on 2 CPUs.
 */
export const SAME_IN_EVERY_ENGINE =
  "the app's own logic, the same in every engine: Chromium runs it, and CI's Firefox phase stays within its time" as const;

/** Whether requests carry their bodies in this engine (see BIDI_GAPS). */
export const REQUEST_BODIES = ENGINE === 'chromium';
