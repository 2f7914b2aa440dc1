/**
 * Launches Debian's Chromium through playwright-core with the flags this machine needs (no
 * downloads, no background network) and with third-party storage partitioning left ON, as shipped
 * Chrome has it. playwright-core's defaults disable `ThirdPartyStoragePartitioning`, which leaves a
 * cross-site frame (portal on `localhost`, app on `127.0.0.1`) with no `localStorage` at all: the
 * app's queued deletes could then never be replayed, unlike in a learner's browser. Every browser
 * test starts its browser here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The feature we keep enabled that playwright-core disables by default. */
export const PARTITIONING = 'ThirdPartyStoragePartitioning';

/**
 * The features playwright-core disables by default, read from its own source so this stays in step
 * when playwright-core is upgraded (the list is not exported). Throws when the list can't be found
 * or no longer names PARTITIONING, so a silent change can't quietly turn partitioning off again.
 */
export function playwrightDisabledFeatures(): string[] {
  const file = createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle');
  const source = readFileSync(file, 'utf8');
  const block = source.match(/disabledFeatures\s*=\s*\[([\s\S]*?)\]\s*\.filter\(Boolean\)/)?.[1];
  const features = block
    ? [...block.replace(/\/\/[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '')
    : [];
  if (!features.includes(PARTITIONING)) {
    throw new Error(
      `test/browser/support/chromium.ts: could not find playwright-core's disabled-features list with ${PARTITIONING} in ${file}; update playwrightDisabledFeatures()`,
    );
  }
  return features;
}

/** Chromium's site isolation, which the `shared` process model turns off. */
const SITE_ISOLATION = ['IsolateOrigins', 'site-per-process'];

/**
 * Launch options: playwright-core's default `--disable-features=` swapped for one switch (Chromium
 * reads only one) with the same list, minus PARTITIONING unless `refused` (left as playwright-core
 * has it: a cross-site frame gets no storage), plus SITE_ISOLATION for the `shared` process model.
 * `handleSIGTERM: false` lets a SIGTERM (from `timeout`, or a CI runner) end a hung test run:
 * Playwright's own handler closes the browser but leaves Node waiting forever. Chromium exits
 * with Node, as its control pipe closes.
 */
export function launchOptions(
  extraArgs: string[] = [],
  storage: StorageSetting = 'partitioned',
  processes: ProcessModel = 'isolated',
) {
  const base = { executablePath: CHROMIUM_PATH, headless: true, handleSIGTERM: false };
  // playwright-core's own flags: a cross-site frame is refused storage, as with third-party cookies blocked.
  if (storage === 'refused' && processes === 'isolated')
    return { ...base, args: [...CHROMIUM_ARGS, ...extraArgs] };
  const defaults = playwrightDisabledFeatures();
  const disabled = [
    ...(storage === 'refused' ? defaults : defaults.filter((f) => f !== PARTITIONING)),
    ...(processes === 'shared' ? SITE_ISOLATION : []),
  ];
  return {
    ...base,
    ignoreDefaultArgs: [`--disable-features=${defaults.join(',')}`],
    args: [
      ...CHROMIUM_ARGS,
      `--disable-features=${disabled.join(',')}`,
      ...(processes === 'shared' ? ['--disable-site-isolation-trials'] : []),
      ...extraArgs,
    ],
  };
}

/**
 * Where a cross-site frame runs: in a process of its own site (`isolated`, desktop Chrome's site
 * isolation), or in its page's process (`shared`, as Android Chrome does for sites a learner does
 * not sign in to): two tabs' frames of one site are then in two processes, and `localStorage`
 * written in one reaches the other a moment later, with its `storage` event.
 */
export type ProcessModel = 'isolated' | 'shared';

/**
 * What a cross-site frame gets: its own partition of storage (as shipped Chrome), or none at all
 * (`refused`: playwright-core's default launch, like a browser with third-party cookies blocked).
 */
export type StorageSetting = 'partitioned' | 'refused';

/** Starts a fresh headless Chromium; close it in the suite's `after`. `extraArgs` add flags. */
export function launchChromium(
  extraArgs: string[] = [],
  storage: StorageSetting = 'partitioned',
  processes: ProcessModel = 'isolated',
): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs, storage, processes));
}
