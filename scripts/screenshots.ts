/**
 * `npm run screenshots`: the mock portal with the app framed in it — light, dark, a 360 px frame,
 * Arabic, a course, the editor open, the Review screen — written to docs/screenshots/ for the README. Builds dist/
 * when it is missing or stale (as `harness serve` does), serves it with the seeded mock API and
 * the harness's portal page, and shoots each screen in Debian's Chromium once what it must show
 * is on screen. Exits 1 when fonts or Chromium are missing, or when any screenshot could not be
 * produced (the others are still written).
 * Flags: --dist DIR serves that build as it is (no build); --only light.png,dark.png takes some.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureDist } from '../harness/serve/ensure-dist.ts';
import { CHROMIUM_PATH, launchChromium } from '../test/browser/support/chromium.ts';
import { FONT_INSTALL, missingFonts } from './screenshots/fonts.ts';
import { startPortal } from './screenshots/portal.ts';
import { SHOTS } from './screenshots/shots.ts';
import { takeShot } from './screenshots/take-shot.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
/** The whole run's bound: a hung browser must not hang CI. */
const DEADLINE_MS = 110_000;

const fail = (lines: string[]): never => {
  for (const line of lines) console.error(`screenshots: ${line}`);
  process.exit(1);
};

const { values } = parseArgs({ options: { dist: { type: 'string' }, only: { type: 'string' } } });
const only = values.only?.split(',').map((s) => s.trim());
const shots = only ? SHOTS.filter((s) => only.includes(s.file)) : SHOTS;
if (shots.length === 0)
  fail([`--only ${values.only}: no such screenshot (${SHOTS.map((s) => s.file).join(', ')})`]);

const fontProblems = missingFonts();
if (fontProblems.length) {
  fail([...fontProblems, `Hindi and Arabic would render as boxes. Install the fonts: ${FONT_INSTALL}`]);
}
if (!existsSync(CHROMIUM_PATH)) {
  fail([`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH). Install it: apt-get install -y chromium`]);
}

setTimeout(() => fail([`gave up after ${DEADLINE_MS / 1000} s`]), DEADLINE_MS).unref();
const started = Date.now();
let dist = join(ROOT, 'dist');
if (values.dist) dist = resolve(values.dist);
else await ensureDist(ROOT, (line) => console.log(line)).catch((err: Error) => fail([err.message]));
if (!existsSync(join(dist, 'index.html'))) fail([`${dist} holds no build (index.html is missing)`]);

mkdirSync(OUT, { recursive: true });
const portal = await startPortal(dist);
const browser = await launchChromium();
const failed: string[] = [];
try {
  for (const shot of shots) {
    try {
      const png = await takeShot(browser, portal, shot, OUT);
      const kb = (png.bytes / 1024).toFixed(0);
      console.log(
        `  ${shot.file.padEnd(15)} ${png.width}×${png.height} ${kb.padStart(4)} KiB  ${shot.about}`,
      );
    } catch (err) {
      failed.push(shot.file);
      console.log(`  ${shot.file.padEnd(15)} FAILED: ${(err as Error).message}`);
    }
  }
} finally {
  await browser.close();
  await portal.close();
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failed.length)
  fail([`${failed.length} of ${shots.length} not produced: ${failed.join(', ')} (${seconds} s)`]);
console.log(`screenshots: ${shots.length} written to docs/screenshots/ in ${seconds} s`);
