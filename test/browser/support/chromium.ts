/**
 * Launches Debian's Chromium through playwright-core with the flags this machine needs (no
 * downloads, no background network). Every browser test starts its browser here.
 */
import { type Browser, chromium } from 'playwright-core';

/** Path of the Chromium binary; `CHROMIUM_PATH` overrides the Debian default. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a headless, offline, root-run Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts a fresh headless Chromium; close it in the suite's `after`. `extraArgs` add flags. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}
