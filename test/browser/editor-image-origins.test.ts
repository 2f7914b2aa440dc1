/**
 * Images from wherever the upload puts them (issue 15 §3), with the build the other browser tests
 * use (no `--image-origins`: images from the API's origin only). An upload that answers another
 * path on the API's origin keeps its image through save and reload; an image the sanitiser would
 * drop is never dropped silently: the editor asks first ("Save without the image" / "Keep
 * editing"), both for an image in a stored note and for one a save would leave out. An upload
 * that answers an origin the build does not allow is kept in this page (its address was the
 * upload's answer) and asked about on a later edit, after a reload.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { expectNoAxeViolations } from './support/axe.ts';
import { browserSuite } from './support/browser-suite.ts';
import { COST, card, VIDEO } from './support/demo-video.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';
import { demoPlayer, noteOn } from './support/learners.ts';
import { readyEditor } from './support/note-editor.ts';

const { test, scenario } = browserSuite('editor image origins');
/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const png = { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') };
const ONE = 'One image can’t be saved with this note: this app can’t show images from where it is stored.';

/**
 * On the demo video: Add note, types `text`, picks the PNG with the toolbar's Insert image and
 * waits until the upload's image is in; returns its `src` (what the upload answered).
 */
async function addNoteWithImage(f: Frame, page: Page, text: string): Promise<string> {
  await waitText(f, COST);
  await f.getByRole('button', { name: 'Add note' }).click();
  await readyEditor(f);
  await page.keyboard.type(text);
  const chooser = page.waitForEvent('filechooser');
  await f.getByRole('toolbar').getByRole('button', { name: 'Insert image', exact: true }).click();
  await (await chooser).setFiles([png]);
  await waitAnnounced(f, 'Image added');
  return (await f.locator('.ql-editor img').getAttribute('src')) ?? '';
}
/** The `src` of every image in `html`. */
const sources = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]*)"/g)].map((m) => m[1]);
/** Whether every image in `scope` has loaded (the CSP let it, the server answered it). */
const allLoaded = (f: Frame, selector: string) =>
  f.$$eval(selector, (imgs) =>
    imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1),
  );
const save = (f: Frame) =>
  f.locator('.editor-actions').getByRole('button', { name: 'Save', exact: true }).click();

test("an upload answering another path on the API's origin: shown, stored and shown again after a reload", async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { filesUrl: '/api/v1/media/notes/' } });
  const f = s.frame();
  const src = await addNoteWithImage(f, s.page, 'Elsewhere on the API: ');
  assert.match(src, /^\/api\/v1\/media\/notes\/[0-9a-f]{32}\.png$/);
  await f.waitForFunction(
    () => (document.querySelector('.ql-editor img') as HTMLImageElement)?.naturalWidth === 1,
  );
  await save(f);
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) => n.text.startsWith('Elsewhere'));
  assert.equal(sources(stored?.content ?? ''), [src], 'stored with its image');

  await s.page.reload();
  const g = s.frame();
  const shown = card(g, 'Elsewhere on the API').locator('img');
  await shown.waitFor();
  assert.is(await shown.getAttribute('src'), src);
  await g.waitForFunction(() => [...document.querySelectorAll('main article img')].length > 0);
  assert.ok(await allLoaded(g, 'main article img'), 'it loads');
});

test('a stored image from an origin the build does not allow: Save asks first; Keep editing goes back, Save without the image saves', async ({
  browser,
}) => {
  const player = demoPlayer();
  const note = noteOn(player, 'Chart below', 60_000, {
    content: '<p>Chart below</p><p><img src="https://elsewhere.example/chart.png" alt=""></p>',
  });
  const s = await scenario(browser, { stackOptions: { data: { notes: [note] } } });
  const f = s.frame();
  await waitText(f, 'Chart below');
  assert.is(await card(f, 'Chart below').locator('img').count(), 0, 'the card never shows it');
  await card(f, 'Chart below').getByRole('button', { name: 'Edit note' }).click();
  await readyEditor(f);
  await s.page.keyboard.press('Control+End');
  await s.page.keyboard.type(' and a comment');
  const writes = () => s.stack.calls.filter((l) => l.startsWith('POST /api/v1/notes/update')).length;

  await save(f);
  const alert = f.locator('.note-editor [role=alert]');
  await alert.waitFor();
  assert.is(await alert.innerText(), ONE);
  const leave = f.getByRole('button', { name: 'Save without the image', exact: true });
  await f.waitForFunction(() => document.activeElement?.textContent === 'Save without the image');
  assert.is(await f.getByRole('group', { name: ONE }).count(), 1, 'the choices are labelled by the message');
  await expectNoAxeViolations(f, 'the editor asking about an image');
  assert.is(writes(), 0, 'nothing was saved');

  await f.getByRole('button', { name: 'Keep editing', exact: true }).click();
  await alert.waitFor({ state: 'detached' });
  await f.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
  assert.is(writes(), 0);

  await s.page.keyboard.press('Control+Enter');
  await leave.waitFor();
  assert.is(writes(), 0, 'asked again, still nothing saved');
  await leave.click();
  await waitAnnounced(f, 'Note saved');
  assert.is(writes(), 1);
  const stored = await s.stack.client().note(note.noteId, VIDEO);
  assert.is(stored?.text, 'Chart below and a comment');
  assert.equal(sources(stored?.content ?? ''), [], 'saved without it, as the learner chose');
});

test("an upload answering an origin the build does not allow: kept in this page's save; after a reload an edit asks first", async ({
  browser,
}) => {
  const s = await scenario(browser, { stackOptions: { filesUrl: 'https://elsewhere.notes.test/u/' } });
  const f = s.frame();
  const src = await addNoteWithImage(f, s.page, 'From a CDN nobody configured');
  assert.match(src, /^https:\/\/elsewhere\.notes\.test\/u\/[0-9a-f]{32}\.png$/);
  await save(f);
  await waitAnnounced(f, 'Note saved');
  assert.is(await f.locator('.note-editor [role=alert]').count(), 0, 'no question: the upload returned it');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) => n.text.startsWith('From a CDN'));
  assert.ok(stored);
  assert.equal(sources(stored.content), [src], 'the address the upload returned is stored');

  await s.page.reload();
  const g = s.frame();
  await waitText(g, 'From a CDN nobody configured');
  await card(g, 'From a CDN nobody configured').getByRole('button', { name: 'Edit note' }).click();
  await readyEditor(g);
  await save(g);
  const alert = g.locator('.note-editor [role=alert]');
  await alert.waitFor();
  assert.is(await alert.innerText(), ONE);
  assert.is(s.stack.calls.filter((l) => l.startsWith('POST /api/v1/notes/update')).length, 0);
  assert.equal(
    sources((await s.stack.client().note(stored.noteId, VIDEO))?.content ?? ''),
    [src],
    'still stored',
  );
});

test.run();
