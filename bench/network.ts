/**
 * The emulated links the bench loads the app over (docs/budgets.md, issue 8), and how a page is put on
 * one. Chromium's network emulation adds the latency to every response and caps the bytes a second.
 */
import type { Page } from 'playwright-core';

/**
 * One emulated link: its name in the tables, and Chromium's `Network.emulateNetworkConditions`
 * values; `cpuSlowdown` also slows the page's CPU that many times (`Emulation.setCPUThrottlingRate`).
 */
export type NetworkProfile = {
  name: string;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
  cpuSlowdown?: number;
};

/** Slow 3G: 400 ms a response, 50,000 B/s each way (the goals are set on it). */
export const SLOW_3G: NetworkProfile = {
  name: 'Slow 3G',
  latency: 400,
  downloadThroughput: 50_000,
  uploadThroughput: 50_000,
};

/** Fast 3G: 150 ms a response, 200,000 B/s (1.6 Mbit/s) down, 93,750 B/s (750 kbit/s) up. */
export const FAST_3G: NetworkProfile = {
  name: 'Fast 3G',
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
};

/**
 * A low-end phone (issue 26): Slow 3G with the CPU slowed 4×, as Lighthouse's mobile profile does
 * on a desktop machine.
 */
export const SLOW_3G_LOW_END: NetworkProfile = { ...SLOW_3G, name: 'Slow 3G, 4× CPU', cpuSlowdown: 4 };

/** The profiles the first-note figures are taken on, in table order. */
export const PROFILES: NetworkProfile[] = [SLOW_3G, FAST_3G];

/** Puts `page` (and, with site isolation off, the frames it runs in its process) on `profile`: its link and CPU. */
export async function throttle(page: Page, profile: NetworkProfile = SLOW_3G): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const { name: _name, cpuSlowdown, ...conditions } = profile;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  if (cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/** "400 ms, 50,000 B/s down" for headings and floor cells. */
export const describeProfile = (p: NetworkProfile): string =>
  `${p.latency} ms, ${p.downloadThroughput.toLocaleString('en-US')} B/s down`;
