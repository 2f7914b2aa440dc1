/**
 * Takes one screenshot: a fresh browser context on a portal page of its own, the shot's
 * readiness waits, then a PNG of the page down to just below the embedded app (the message log
 * under it is left out), checked after it is written.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { checkPng, type PngInfo } from './png.ts';
import type { Portal } from './portal.ts';
import { appFrame, settle, stylesApplied } from './readiness.ts';
import type { Shot } from './shots.ts';

/** How long any one wait of a shot may take. */
const WAIT_MS = 15_000;

/** Takes `shot` into `outDir`; rejects with the reason (and the page's errors) when it cannot. */
export async function takeShot(
  browser: Browser,
  portal: Portal,
  shot: Shot,
  outDir: string,
): Promise<PngInfo> {
  const parent = await portal.open(shot.controls);
  const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: 1 });
  const errors: string[] = [];
  try {
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    await page.goto(parent.url);
    const frame = await appFrame(page, portal.appOrigin, WAIT_MS);
    await frame.waitForSelector('main h1');
    await shot.ready(frame, page);
    await stylesApplied(frame);
    await settle(page, frame);
    const stage = await page.locator('.stage').boundingBox();
    if (!stage) throw new Error('the portal page has no .stage around the frame');
    const { width, height: most } = shot.viewport;
    const clip = { x: 0, y: 0, width, height: Math.min(most, Math.ceil(stage.y + stage.height + 16)) };
    const file = join(outDir, shot.file);
    await writeFile(file, await page.screenshot({ type: 'png', animations: 'disabled', clip }));
    return await checkPng(file, clip);
  } catch (err) {
    // Playwright's first line says what timed out, a "waiting for …" line of its call log on what.
    const lines = (err as Error).message.split('\n');
    const call = lines.find((l) => l.includes('- waiting for')) ?? '';
    const what = call.slice(call.indexOf('- waiting for')).split(String.fromCharCode(27))[0];
    const seen = [...(what ? [what] : []), ...errors.slice(-5)].map((l) => `\n    ${l}`).join('');
    throw new Error(`${lines[0]}${seen}`);
  } finally {
    await context.close();
    await parent.close();
  }
}
