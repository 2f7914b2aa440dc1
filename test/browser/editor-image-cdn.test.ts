/**
 * An upload that answers another allowed origin (issue 15 §3): a build with `--image-origins
 * https://images.notes.test` (a made-up CDN, answered by a route in the browser from the mock
 * API's stored files, so nothing leaves this machine). The image loads in the editor (the CSP's
 * `img-src` lists the origin), is stored, and shows again in the card after a reload — where
 * this page's uploads are forgotten and only the configured origin keeps it; editing it again
 * asks nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { build, resolveOptions } from '../../build.mjs';
import { openScenario, type Scenario } from './support/app-fixture.ts';
import { launchChromium } from './support/chromium.ts';
import { COST, card, VIDEO } from './support/demo-video.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';
import { readyEditor } from './support/note-editor.ts';

const CDN = 'https://images.notes.test';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const test = suite<{ browser: Browser; dist: string; open: Scenario[] }>('editor image from a CDN');

test.before(async (ctx) => {
  ctx.dist = mkdtempSync(join(tmpdir(), 'notes-cdn-'));
  const argv = ['--out', ctx.dist, '--local-parents', '--test-hooks', '--quiet', '--image-origins', CDN];
  await build(resolveOptions(argv, {}));
  ctx.browser = await launchChromium();
  ctx.open = [];
});
test.after(async (ctx) => {
  await ctx.browser.close();
  rmSync(ctx.dist, { recursive: true, force: true });
});
test.after.each(async (ctx) => {
  await Promise.all(ctx.open.splice(0).map((s) => s.close()));
});

/** Answers the CDN's `/u/<name>` from the mock API's `/api/v1/files/<name>`; counts the answers. */
async function serveCdn(page: Page, apiUrl: string) {
  const served: string[] = [];
  await page.route(`${CDN}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace(/^\/u\//, '');
    const answer = await fetch(`${apiUrl}/api/v1/files/${name}`);
    served.push(name);
    await route.fulfill({
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? 'application/octet-stream',
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  return served;
}
const loaded = (f: Frame, selector: string) =>
  f.waitForFunction((sel) => {
    const img = document.querySelector(sel) as HTMLImageElement | null;
    return Boolean(img?.complete && img.naturalWidth === 1);
  }, selector);

test('the headers list the CDN in img-src', ({ dist }) => {
  const data = JSON.parse(readFileSync(join(dist, 'headers.json'), 'utf8'));
  assert.match(data.headers['Content-Security-Policy'], `img-src 'self' data: blob: ${CDN};`);
});

test('an upload answering the CDN: loads in the editor, is stored, and shows in its card after a reload', async ({
  browser,
  dist,
  open,
}) => {
  const s = await openScenario(browser, { stackOptions: { dist, filesUrl: `${CDN}/u/` } });
  open.push(s);
  const served = await serveCdn(s.page, s.stack.api.url);
  const f = s.frame();
  await waitText(f, COST);
  await f.getByRole('button', { name: 'Add note' }).click();
  await readyEditor(f);
  await s.page.keyboard.type('From the CDN');
  const chooser = s.page.waitForEvent('filechooser');
  await f.getByRole('toolbar').getByRole('button', { name: 'Insert image', exact: true }).click();
  await (await chooser).setFiles([
    { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') },
  ]);
  await waitAnnounced(f, 'Image added');
  const src = (await f.locator('.ql-editor img').getAttribute('src')) ?? '';
  assert.match(src, /^https:\/\/images\.notes\.test\/u\/[0-9a-f]{32}\.png$/);
  await loaded(f, '.ql-editor img');
  await f.locator('.editor-actions').getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) => n.text.startsWith('From the CDN'));
  assert.match(stored?.content ?? '', `<img src="${src}"`);

  await s.page.reload();
  const g = s.frame();
  await card(g, 'From the CDN').locator('img').waitFor();
  await loaded(g, 'main article img');
  assert.ok(served.length >= 2, 'the editor and the card both loaded it from the CDN');
  await card(g, 'From the CDN').getByRole('button', { name: 'Edit note' }).click();
  await readyEditor(g);
  assert.is(await g.locator('.ql-editor img').getAttribute('src'), src, 'the editor opens with it');
  await g.locator('.editor-actions').getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(g, 'Note saved');
  assert.is(await g.locator('.note-editor [role=alert]').count(), 0, 'nothing asked: the origin is allowed');
  assert.match(
    (await s.stack.client().note(stored?.noteId ?? '', VIDEO))?.content ?? '',
    `<img src="${src}"`,
  );
});

test.run();
