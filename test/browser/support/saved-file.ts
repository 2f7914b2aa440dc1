/**
 * The file a button in the app's frame saves (the course screen's Export), in any engine. Chromium:
 * Playwright's `download` event and the file it wrote. Firefox: playwright-core's BiDi backend
 * reports no downloads, so the frame's own save is watched instead: the Blob handed to
 * `URL.createObjectURL` and the `download` name of the link clicked for it (src/ui/download.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Frame, Page } from 'playwright-core';
import { ENGINE } from './engine.ts';

/** A saved file: the name the browser was asked to give it, and its text. */
export type SavedFile = { name: string; text: string };

/** Runs `press` (the learner's click) and resolves with the file it saved. */
export async function savedFile(page: Page, f: Frame, press: () => Promise<void>): Promise<SavedFile> {
  if (ENGINE === 'chromium') {
    const download = page.waitForEvent('download');
    await press();
    const file = await download;
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  }
  await f.evaluate(() => {
    const w = window as unknown as { __saved?: Promise<{ name: string; text: string }> };
    const blobs = new Map<string, Blob>();
    const create = URL.createObjectURL;
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      const url = create.call(URL, obj);
      if (obj instanceof Blob) blobs.set(url, obj);
      return url;
    };
    const click = HTMLAnchorElement.prototype.click;
    w.__saved = new Promise((resolve, reject) => {
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.href);
        if (this.download && blob) blob.text().then((text) => resolve({ name: this.download, text }), reject);
        return click.call(this);
      };
    });
  });
  await press();
  return f.evaluate(
    () => (window as unknown as { __saved: Promise<{ name: string; text: string }> }).__saved,
  );
}
