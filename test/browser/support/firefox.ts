/**
 * Launches Debian's Firefox ESR through playwright-core's `moz-firefox` channel (WebDriver BiDi), for
 * the browser tests that also run in Firefox (test/browser/support/engine.ts). Needs the install-time
 * patch (scripts/patch-playwright.mjs) that tolerates ESR's "unknown command" for
 * `emulation.setMediaFeaturesOverride`, which every `newContext()` sends.
 *
 * Fission (site isolation) is off: with it, automation's mouse and keyboard input never reaches
 * the cross-site app frame. The frame stays cross-site, and Total Cookie Protection still
 * partitions its storage (the service worker and the kept copy live in the partition).
 */
import { type Browser, firefox } from 'playwright-core';
import type { StorageSetting } from './chromium.ts';

/** Path of the Firefox binary; `FIREFOX_PATH` overrides the Debian default. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * Preferences on top of playwright-core's test profile. Besides Fission: nothing may leave the
 * machine, and playwright-core's profile alone lets ESR poll its remote-settings server every few
 * hundred ms (seen through a logging proxy: 150 CONNECTs in 20 s; none with these and REMOTE_ENV).
 */
export const FIREFOX_PREFS = {
  'fission.autostart': false,
  'services.settings.server': 'data:,#remote-settings-dummy/v1',
  'network.captive-portal-service.enabled': false,
  'browser.safebrowsing.update.enabled': false,
  'toolkit.telemetry.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
};

/** A release build ignores `services.settings.server` unless this is set in its environment. */
const REMOTE_ENV = { MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' };

/**
 * Third-party storage refused: `network.cookie.cookieBehavior` 1 rejects every third-party cookie
 * and storage (5, the default, gives a cross-site frame partitioned storage instead), so the app's
 * frame gets no `localStorage`, IndexedDB or service worker — as in a browser set to block them.
 */
export const REFUSE_THIRD_PARTY_STORAGE = { 'network.cookie.cookieBehavior': 1 };

/** Launch options; `handleSIGTERM: false` as for Chromium, so a SIGTERM ends a hung run. */
export function firefoxLaunchOptions(storage: StorageSetting = 'partitioned') {
  return {
    channel: 'moz-firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    handleSIGTERM: false,
    env: { ...process.env, ...REMOTE_ENV },
    firefoxUserPrefs:
      storage === 'refused' ? { ...FIREFOX_PREFS, ...REFUSE_THIRD_PARTY_STORAGE } : FIREFOX_PREFS,
  };
}

/** Starts a fresh headless Firefox ESR; close it in the suite's `after`. */
export function launchFirefox(storage: StorageSetting = 'partitioned'): Promise<Browser> {
  return firefox.launch(firefoxLaunchOptions(storage));
}
