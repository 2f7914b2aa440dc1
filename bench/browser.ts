/**
 * The Chromium the timing benches run in: the test suite's launch (test/browser/support/chromium.ts:
 * Chromium's own default of third-party storage partitioning, which a service worker in the
 * cross-site app frame needs) in its `shared` process model, site isolation off, so the app frame
 * runs in its portal's process and the page's network emulation reaches it.
 */
import { type Browser, chromium } from 'playwright-core';
import { launchOptions } from '../test/browser/support/chromium.ts';

/** Starts the timing benches' Chromium. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions([], 'partitioned', 'shared'));
}
