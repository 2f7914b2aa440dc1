/**
 * The rich-text editor end to end (issue 7), through the harness's app server (deployment CSP):
 * writing and formatting with the toolbar and the keyboard, links, saving and editing (the stored
 * HTML), cancelling with and without unsaved changes, the toolbar by keyboard alone.
 */
import type { Dialog, Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { browserSuite } from './support/browser-suite.ts';
import { COST, COST_ID, card, onDemoVideo, VIDEO } from './support/demo-video.ts';
import { focused, waitAnnounced, waitText } from './support/frame-helpers.ts';

const { test, scenario } = browserSuite('rich-text editor');

/** The editable text ("Note"), once the editor chunk is in and mounted. */
async function editable(f: Frame) {
  const text = f.getByRole('textbox', { name: 'Note', exact: true });
  await text.waitFor();
  return text;
}
const tool = (f: Frame, name: string) => f.getByRole('toolbar').getByRole('button', { name, exact: true });
const pressed = (f: Frame, name: string) => tool(f, name).getAttribute('aria-pressed');
const focusIsText = (f: Frame) =>
  f.waitForFunction(() => document.activeElement?.getAttribute('role') === 'textbox');
const storedOn = async (
  s: { stack: { client(): { notesOn(r: string): Promise<{ text: string; content: string }[]> } } },
  start: string,
) => (await s.stack.client().notesOn(VIDEO)).find((n) => n.text.startsWith(start));

test('Add note: write, bold with the toolbar and with Ctrl+B, a numbered list; the stored note has <strong> and <ol>', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  const text = await editable(f);
  await focusIsText(f);
  assert.is(await text.getAttribute('aria-multiline'), 'true');
  assert.is(await f.getByRole('toolbar', { name: 'Formatting' }).count(), 1);
  await s.page.keyboard.type('Plain then ');
  await tool(f, 'Bold').click();
  assert.is(await pressed(f, 'Bold'), 'true');
  await s.page.keyboard.type('bold');
  await tool(f, 'Bold').click();
  assert.is(await pressed(f, 'Bold'), 'false');
  await s.page.keyboard.type(' and ');
  await s.page.keyboard.press('Control+b');
  await s.page.keyboard.type('strong too');
  assert.is(await pressed(f, 'Bold'), 'true', 'the button follows Ctrl+B');
  await s.page.keyboard.press('Control+b');
  await s.page.keyboard.press('Enter');
  await tool(f, 'Numbered list').click();
  assert.is(await pressed(f, 'Numbered list'), 'true');
  await s.page.keyboard.type('first');
  await s.page.keyboard.press('Enter');
  await s.page.keyboard.type('second');
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  const stored = await storedOn(s, 'Plain then');
  assert.ok(stored, 'stored');
  assert.match(stored.content, '<strong>bold</strong>');
  assert.match(stored.content, '<strong>strong too</strong>');
  assert.match(stored.content, /<ol><li>first<\/li><li>second<\/li><\/ol>/);
  assert.not.match(stored.content, '&nbsp;', 'spaces stay spaces');
  assert.is(stored.text, 'Plain then bold and strong too\nfirst\nsecond');
});

test('Ctrl+I, Ctrl+U, headings, quote and code block reach the stored HTML', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  await editable(f);
  await focusIsText(f);
  const k = s.page.keyboard;
  await tool(f, 'Heading 2').click();
  await k.type('Summary');
  assert.is(await pressed(f, 'Heading 2'), 'true');
  await k.press('Enter');
  await k.press('Control+i');
  await k.type('slanted');
  await k.press('Control+i');
  await k.type(' ');
  await k.press('Control+u');
  await k.type('under');
  await k.press('Control+u');
  await k.press('Enter');
  await tool(f, 'Quote').click();
  await k.type('quoted');
  await k.press('Enter');
  await tool(f, 'Quote').click();
  await tool(f, 'Code block').click();
  await k.type('y = a + b');
  await k.press('Control+Enter');
  await waitAnnounced(f, 'Note saved');
  const stored = await storedOn(s, 'Summary');
  assert.ok(stored, 'saved with Ctrl+Enter');
  assert.match(stored.content, '<h2>Summary</h2>');
  assert.match(stored.content, '<em>slanted</em> <u>under</u>');
  assert.match(stored.content, '<blockquote>quoted</blockquote>');
  assert.match(stored.content, /<pre>[\s\S]*y = a \+ b[\s\S]*<\/pre>/);
});

test('Link asks for the address in a field; Enter adds it; javascript: is refused', async ({ browser }) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await f.getByRole('button', { name: 'Add note' }).click();
  await editable(f);
  await focusIsText(f);
  await s.page.keyboard.type('See the docs');
  for (let i = 0; i < 4; i++) await s.page.keyboard.press('Shift+ArrowLeft');
  await tool(f, 'Link').click();
  const field = f.getByLabel('Link address', { exact: true });
  await f.waitForFunction(() => document.activeElement?.getAttribute('type') === 'url');
  await field.fill('javascript:alert(1)');
  await s.page.keyboard.press('Enter');
  await waitText(f, 'Enter a web address such as https://example.com, or an email address.');
  assert.is(await field.getAttribute('aria-invalid'), 'true');
  await field.fill('example.com/docs');
  await s.page.keyboard.press('Enter');
  await field.waitFor({ state: 'hidden' });
  await focusIsText(f);
  assert.is(await pressed(f, 'Link'), 'true', 'the caret sits in the link');
  // Escape in the field closes only the field, not the note.
  await tool(f, 'Link').click();
  await f.waitForFunction(() => document.activeElement?.getAttribute('type') === 'url');
  assert.is(await field.inputValue(), 'https://example.com/docs', 'the current link is offered');
  await s.page.keyboard.press('Escape');
  await field.waitFor({ state: 'hidden' });
  await focusIsText(f);
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  const stored = await storedOn(s, 'See the docs');
  assert.ok(stored);
  assert.match(stored.content, /See the <a [^>]*href="https:\/\/example\.com\/docs"[^>]*>docs<\/a>/);
});

test('Edit note: the editor holds the note; an edit is saved as HTML and the card shows it', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  await card(f, COST).getByRole('button', { name: 'Edit note' }).click();
  const text = await editable(f);
  assert.is(await text.innerText(), COST);
  await focusIsText(f);
  await s.page.keyboard.press('Control+End');
  await s.page.keyboard.press('Enter');
  await s.page.keyboard.press('Control+i');
  await s.page.keyboard.type('Minimised by gradient descent.');
  await f.getByRole('button', { name: 'Save', exact: true }).click();
  await waitAnnounced(f, 'Note saved');
  await f.waitForFunction((id) => document.activeElement?.id === id, `note-${COST_ID}`);
  const stored = await s.stack.client().note(COST_ID, VIDEO);
  assert.is(stored?.version, 2);
  assert.is(stored?.text, `${COST}\nMinimised by gradient descent.`);
  assert.match(stored?.content ?? '', '<em>Minimised by gradient descent.</em>');
  await card(f, 'Minimised by gradient descent.').waitFor();
});

test('Cancel and Escape: no question without changes; with changes a dialog asks, and "no" keeps the text', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  const dialogs: string[] = [];
  let answer = false;
  s.page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void (answer ? d.accept() : d.dismiss());
  });
  const add = f.getByRole('button', { name: 'Add note' });
  await add.click();
  await editable(f);
  await focusIsText(f);
  await s.page.keyboard.press('Escape');
  await f.getByRole('textbox', { name: 'Note' }).waitFor({ state: 'detached' });
  assert.equal(dialogs, [], 'nothing to lose, nothing asked');

  await add.click();
  await editable(f);
  await focusIsText(f);
  await s.page.keyboard.type('Half a thought');
  await s.page.keyboard.press('Escape');
  await f.waitForFunction(() => true);
  assert.equal(dialogs, ['Discard your changes to this note?']);
  assert.is(await (await editable(f)).innerText(), 'Half a thought', 'kept after "no"');
  answer = true;
  await f.getByRole('button', { name: 'Cancel', exact: true }).click();
  await f.getByRole('textbox', { name: 'Note' }).waitFor({ state: 'detached' });
  assert.is(dialogs.length, 2);
  assert.not.ok(
    s.apiRequests.some((r) => r.url().endsWith('/notes/add')),
    'nothing was sent',
  );
  await add.click();
  assert.is((await (await editable(f)).innerText()).trim(), '', 'the discarded draft does not come back');
});

test('the toolbar by keyboard alone: one Tab stop, arrows move, Enter and Space press, Tab leaves the text for Save', async ({
  browser,
}) => {
  const s = await onDemoVideo(scenario, browser);
  const f = s.frame();
  const k = s.page.keyboard;
  await f.getByRole('button', { name: 'Add note' }).click();
  await editable(f);
  await focusIsText(f);
  await k.press('Shift+Tab');
  assert.is((await focused(f)).label, 'Bold', 'Shift+Tab from the text: the toolbar');
  await k.press('ArrowRight');
  assert.is((await focused(f)).label, 'Italic');
  await k.press('End');
  assert.is((await focused(f)).label, 'Hide in review');
  await k.press('Home');
  assert.is((await focused(f)).label, 'Bold');
  await k.press('ArrowLeft');
  assert.is((await focused(f)).label, 'Hide in review', 'arrows wrap around');
  await k.press('ArrowRight');
  await k.press('Enter');
  assert.is(await pressed(f, 'Bold'), 'true');
  await focusIsText(f);
  await k.type('loud');
  await k.press('Shift+Tab');
  assert.is((await focused(f)).label, 'Bold', 'the toolbar remembers its button');
  await k.press('ArrowRight');
  await k.press('Space');
  await focusIsText(f);
  assert.is(await pressed(f, 'Italic'), 'true');
  await k.type(' and slanted');
  await k.press('Shift+Tab');
  assert.is((await focused(f)).label, 'Italic');
  await k.press('Tab');
  assert.is((await focused(f)).tag, 'div', 'Tab from the toolbar: the text');
  await focusIsText(f);
  await k.press('Tab');
  assert.is((await focused(f)).tag, 'input', 'Tab leaves the text for "Review this note": no keyboard trap');
  await k.press('Tab');
  assert.is((await focused(f)).text, 'Save');
  await k.press('Shift+Tab');
  await k.press('Shift+Tab');
  await focusIsText(f);
  // In a list too, Tab leaves instead of indenting.
  await k.press('Enter');
  await tool(f, 'Bulleted list').click();
  await k.type('item');
  await k.press('Tab');
  await k.press('Tab');
  assert.is((await focused(f)).text, 'Save');
  await k.press('Enter');
  await waitAnnounced(f, 'Note saved');
  const stored = await storedOn(s, 'loud');
  assert.ok(stored);
  assert.match(stored.content, '<strong>loud<em> and slanted</em></strong>');
  assert.match(stored.content, '<ul><li>item</li></ul>');
});

test.run();
