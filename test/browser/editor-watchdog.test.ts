/**
 * The editor's watchdog in Chromium (docs/constants.md), with real errors: the test build's hook
 * (`window.__notesEditorFault`, absent from release builds — see test/build.test.ts) makes the next
 * change throw inside Quill's own event dispatch. Three close crashes restart the editor with the
 * text intact; the fourth leaves a plain text box that holds the text and still saves.
 */
import type { Frame, Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { VIDEO } from './support/demo-video.ts';
import { waitAnnounced, waitText } from './support/frame-helpers.ts';

const { test, scenario } = browserSuite('editor watchdog');
const RESTARTED = 'The editor had a problem and was restarted. Your text is still here.';
const FELL_BACK =
  'The editor stopped working, so this is a plain text box. Your text is here and you can still save it.';

/** Marks the current editable area, arms the fault, and types one character (the failing change). */
async function crash(f: Frame, page: Page, char: string) {
  await f.evaluate(() => {
    const root = document.querySelector('.ql-editor') as HTMLElement;
    root.dataset.crashed = 'yes';
    (window as unknown as { __notesEditorFault(): void }).__notesEditorFault();
  });
  await page.keyboard.type(char);
}
/** Waits for a new editable area (the restarted editor) with focus in it. */
const restarted = (f: Frame) =>
  f.waitForFunction(() => {
    const root = document.querySelector('.ql-editor:not([data-crashed])');
    return root !== null && document.activeElement === root;
  });
const editorText = (f: Frame) => f.locator('.ql-editor').innerText();

test('three provoked crashes restart the editor with the text kept; the fourth falls back to a text box that saves', async ({
  browser,
}) => {
  const s = await scenario(browser);
  const f = s.frame();
  const k = s.page.keyboard;
  await waitText(f, 'The cost function measures the squared error.');
  assert.ok(
    await f.evaluate(
      () => typeof (window as { __notesEditorFault?: unknown }).__notesEditorFault === 'undefined',
    ),
    'the hook is installed by the first editor, not before',
  );
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  await f.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
  await k.type('Keep every word ');
  await k.press('Control+b');
  await k.type('of this');
  await k.press('Control+b');
  for (let i = 1; i <= 3; i++) {
    await crash(f, s.page, '!');
    await restarted(f);
    await waitAnnounced(f, RESTARTED);
    assert.is(await editorText(f), `Keep every word of this${'!'.repeat(i)}`, `after restart ${i}`);
    assert.is(await f.locator('.ql-editor strong').innerText(), 'of this', 'formatting kept');
    await k.press('End');
  }
  const errors = s.console.filter(
    (m) => m.type() === 'error' && m.text().startsWith('Notes: the editor failed'),
  );
  assert.is(errors.length, 3, 'each crash is logged once');

  await crash(f, s.page, '?');
  const area = f.getByRole('textbox', { name: 'Note', exact: true });
  await f.locator('textarea').waitFor();
  assert.is(await area.evaluate((el) => el.tagName), 'TEXTAREA', 'the fallback is labelled "Note"');
  assert.is(await f.locator('.ql-editor').count(), 0, 'no fifth editor');
  assert.is(await area.inputValue(), 'Keep every word of this!!!?');
  await waitText(f, FELL_BACK);
  await waitAnnounced(f, FELL_BACK);
  assert.match((await area.getAttribute('aria-describedby')) ?? '', /-why/);
  assert.ok(await area.evaluate((el) => el === document.activeElement), 'focus stays with the text');
  await k.press('End');
  await k.type(' Still saved.');
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) => n.text.startsWith('Keep every word'));
  assert.ok(stored, 'saved from the fallback');
  assert.is(stored.text, 'Keep every word of this!!!? Still saved.');
  assert.is(stored.content, '<p>Keep every word of this!!!? Still saved.</p>');
});

test('a crash from a toolbar action restarts too, and saving right after keeps everything', async ({
  browser,
}) => {
  const s = await scenario(browser);
  const f = s.frame();
  await waitText(f, 'The cost function measures the squared error.');
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  await f.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
  await s.page.keyboard.type('Shift then bold');
  for (let i = 0; i < 4; i++) await s.page.keyboard.press('Shift+ArrowLeft');
  await f.evaluate(() => {
    (document.querySelector('.ql-editor') as HTMLElement).dataset.crashed = 'yes';
    (window as unknown as { __notesEditorFault(): void }).__notesEditorFault();
  });
  await f.getByRole('toolbar').getByRole('button', { name: 'Bold', exact: true }).click();
  await f.waitForSelector('.ql-editor:not([data-crashed])');
  await waitAnnounced(f, RESTARTED);
  assert.is(await editorText(f), 'Shift then bold');
  await s.page.keyboard.press('Control+Enter');
  await waitAnnounced(f, 'Note saved');
  const stored = (await s.stack.client().notesOn(VIDEO)).find((n) => n.text === 'Shift then bold');
  assert.ok(stored);
});

test.run();
