/**
 * The seeded demo video most screen tests open: Asha on "Linear regression explained", with the
 * texts and ids of its seeded notes, and the scenario that waits until they are on screen.
 */
import type { Browser, Frame } from 'playwright-core';
import type { Scenario, ScenarioOptions } from './app-fixture.ts';
import { waitText } from './frame-helpers.ts';

/** The demo video's resource id. */
export const VIDEO = 'res-ml-linear-video';
/** The text of Asha's seeded note `COST_ID` on it. */
export const COST = 'The cost function measures the squared error.';
/** Its id. */
export const COST_ID = 'seed-asha-02';
/** The text of her seeded Hindi note on it. */
export const HINDI = 'रेखीय प्रतिगमन में हम सबसे अच्छी रेखा खोजते हैं।';

/** A scenario (from the file's `browserSuite`) on the demo video, once its notes are on screen. */
export async function onDemoVideo(
  scenario: (browser: Browser, options?: ScenarioOptions) => Promise<Scenario>,
  browser: Browser,
  options: ScenarioOptions = {},
): Promise<Scenario> {
  const s = await scenario(browser, options);
  await waitText(s.frame(), COST);
  return s;
}

/** The note card holding `text`. */
export const card = (f: Frame, text: string) => f.locator('main article', { hasText: text });
