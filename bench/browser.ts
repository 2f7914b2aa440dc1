/**
 * The Chromium the timing benches run in: the test suite's launch (test/browser/support/chromium.ts:
 * Chromium's own default of third-party storage partitioning, which a service worker in the
 * cross-site app frame needs) with site isolation turned off, so the app frame runs in its
 * portal's process and the page's network emulation reaches it. Chromium reads one
 * `--disable-features` switch, so the two features are added to that switch, not given as a second.
 */
import { type Browser, chromium } from 'playwright-core';
import { launchOptions } from '../test/browser/support/chromium.ts';

const SITE_ISOLATION = ['IsolateOrigins', 'site-per-process'];

/** Launch options for the timing benches (exported so a check can see the one merged switch). */
export function benchLaunchOptions(): ReturnType<typeof launchOptions> {
  const options = launchOptions();
  let merged = false;
  const args = options.args.map((arg) => {
    if (!arg.startsWith('--disable-features=')) return arg;
    merged = true;
    const features = arg.slice('--disable-features='.length).split(',').filter(Boolean);
    return `--disable-features=${[...features, ...SITE_ISOLATION].join(',')}`;
  });
  if (!merged) args.push(`--disable-features=${SITE_ISOLATION.join(',')}`);
  return { ...options, args: [...args, '--disable-site-isolation-trials'] };
}

/** Starts the timing benches' Chromium. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch(benchLaunchOptions());
}
