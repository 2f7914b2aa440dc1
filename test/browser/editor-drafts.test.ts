/**
 * The editor and its drafts in Chromium: what the learner typed survives a reload ("Draft
 * restored", formatting and all), and the toolbar speaks the learner's language when it changes.
 */
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { COST } from './support/demo-video.ts';
import { recordMessages, waitAnnounced, waitMessages, waitText } from './support/frame-helpers.ts';
import { portalContext } from './support/learners.ts';

const { test, scenario } = browserSuite('editor drafts');

test('a reload while typing: Add note opens on the draft, formatted, and says "Draft restored"', async ({
  browser,
}) => {
  const s = await scenario(browser);
  let f = s.frame();
  await waitText(f, COST);
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  await f.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
  await s.page.keyboard.type('Half written, ');
  await s.page.keyboard.press('Control+b');
  await s.page.keyboard.type('important');
  await s.page.reload();
  f = s.frame();
  await waitText(f, COST);
  await f.getByRole('button', { name: 'Add note' }).click();
  const text = f.getByRole('textbox', { name: 'Note', exact: true });
  await text.waitFor();
  await waitText(f, 'Draft restored');
  await waitAnnounced(f, 'Draft restored');
  assert.is(await text.innerText(), 'Half written, important');
  assert.is(await f.locator('.ql-editor strong').innerText(), 'important');
});

test('the toolbar follows a language change while the editor is open', async ({ browser }) => {
  const s = await scenario(browser);
  const f = s.frame();
  await waitText(f, COST);
  await f.getByRole('button', { name: 'Add note' }).click();
  await f.getByRole('textbox', { name: 'Note', exact: true }).waitFor();
  await f.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).waitFor();
  await recordMessages(f);
  await s.send('CONTEXT_CHANGE', portalContext({ locale: 'fr' }));
  await waitMessages(f, 1);
  const bar = f.getByRole('toolbar', { name: 'Mise en forme' });
  await bar.waitFor();
  assert.is(await bar.getByRole('button', { name: 'Gras', exact: true }).count(), 1);
  assert.is(await bar.getByRole('button', { name: 'Insérer une image', exact: true }).count(), 1);
  assert.is(await f.getByRole('textbox', { name: 'Note', exact: true }).count(), 1, '"Note" in French too');
});

test.run();
