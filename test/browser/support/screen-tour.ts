/**
 * A walk through every screen and state a learner meets, for the tests of a browser setting
 * (forced colours, enlarged text, reduced motion): `/` with its notes, the editor open (bold
 * pressed, a tag chip, the tag suggestions, then the link field), the shortcut list, the Undo bar,
 * a conflict, `/view` searching (in the wide layout also a note open for editing beside the list),
 * `/course`, and a course with a group collapsed. `visit` runs at each stop with the stop's name;
 * it may collect problems rather than throw, so one run reports every stop.
 */
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import type { Scenario } from './app-fixture.ts';
import { waitText } from './frame-helpers.ts';
import { ASHA, demoPlayer } from './learners.ts';
import { editorButton, replaceText, waitEditorFocused } from './note-editor.ts';
import { stylesLoaded, waitCard } from './screen-data.ts';

/** A seeded note on the demo video: the card the tour edits, deletes and puts in conflict. */
export const COST_NOTE = 'The cost function measures the squared error.';

/** Called at each stop of the tour. */
export type Visit = (where: string) => Promise<void>;

const card = (f: Frame, text: string) => f.locator('main article', { hasText: text }).first();

/** Edits the cost note on the server, as another device would: the app's next save of it conflicts. */
async function changeElsewhere(s: Scenario): Promise<void> {
  const notes = await s.stack.client(ASHA).notesOn(demoPlayer().resourceId);
  const note = notes.find((n) => n.text.includes('cost function'));
  assert.ok(note, 'the seeded cost note');
  const answer = await s.stack.client(ASHA).post('/notes/update', {
    noteId: note.noteId,
    version: note.version,
    text: 'Changed on another device',
    content: '<p>Changed on another device</p>',
  });
  assert.is(answer.status, 200);
}

/** Walks the screens of scenario `s` (seeded data, English), calling `visit` at each stop. */
export async function tourScreens(s: Scenario, visit: Visit): Promise<void> {
  const f = s.frame();
  const k = s.page.keyboard;
  const stop = async (where: string) => {
    await stylesLoaded(f);
    await visit(where);
  };
  await waitText(f, COST_NOTE);
  await stop('/ listing notes');

  // The editor: bold pressed, a tag chip, the suggestions open, then the link field.
  await f.locator('.screen-head button').click(); // Add note
  await f.locator('.ql-editor').waitFor();
  await waitEditorFocused(f);
  await k.type('Plain, ');
  await k.press('Control+b');
  await k.type('bold');
  await f.locator('.rt-button[aria-pressed="true"]').first().waitFor();
  const tags = f.locator('.tag-combo input');
  await tags.fill('revision');
  await tags.press('Enter');
  await f.locator('.tag-chip').first().waitFor();
  await tags.fill('ex');
  await tags.press('ArrowDown');
  await f.locator('.tag-suggestions [aria-selected="true"]').waitFor();
  await stop('/ with the editor open (bold pressed, a tag, its suggestions)');
  await tags.press('Escape');
  await tags.fill('');
  await f.locator('.ql-editor').click();
  await f.locator('.rt-toolbar button').nth(11).click(); // link
  await f.locator('.rt-link input').waitFor();
  await stop('/ with the editor’s link field open');
  await f.locator('.rt-link input').fill('example.com');
  await f.locator('.rt-link input').press('Enter');
  await f.locator('.rt-link input').waitFor({ state: 'hidden' });
  await editorButton(f, 'Save').click(); // with the mouse: a form submit, not Ctrl+Enter
  await f.locator('.ql-editor').waitFor({ state: 'detached' });
  await waitCard(f, 'Plain, bold');

  await f.locator('.shortcut-help summary').click();
  await f.locator('.shortcut-help dl').waitFor();
  await stop('/ with the keyboard shortcuts open');

  // The Undo bar, after a delete; then Undo.
  await card(f, 'Plain, bold').locator('.note-actions button').last().click(); // Delete note
  await f.locator('.undo-bar').waitFor();
  await stop('/ with the Undo bar');
  await f.locator('.undo-bar button').click();
  await f.locator('.undo-bar').waitFor({ state: 'detached' });

  // A conflict: the note changed on another device, then saved here.
  await changeElsewhere(s);
  await card(f, COST_NOTE).locator('.note-actions button').first().click(); // Edit note
  await replaceText(f, 'Edited here');
  await editorButton(f, 'Save').click();
  await f.locator('.conflict').first().waitFor({ timeout: 15_000 });
  await stop('/ with a conflict');

  await f.locator('nav.app-nav a[href$="/view"]').click();
  await waitCard(f, 'Use exactly one main landmark per page.');
  await f.locator('.search-help summary').click();
  await f.locator('main input[type=search]').fill('main');
  await f.locator('main article mark').first().waitFor();
  await stop('/view searching, its operators listed');
  await card(f, 'Use exactly one main landmark').locator('.note-actions button').first().click(); // Edit
  await f.locator('.ql-editor').waitFor();
  await waitEditorFocused(f);
  await stop('/view with a note open for editing');
  await editorButton(f, 'Cancel').click();
  await f.locator('.ql-editor').waitFor({ state: 'detached' });

  await f.locator('nav.app-nav a[href$="/course"]').click();
  await f.locator('main .course-open').first().waitFor();
  await stop('/course');
  await f.locator('main .course-open', { hasText: 'Machine Learning Foundations' }).click();
  await waitCard(f, 'F1 is the harmonic mean');
  const lastModule = f.locator('main .course-group.level-2 > .group-head .group-toggle').last();
  await lastModule.click();
  assert.is(await lastModule.getAttribute('aria-expanded'), 'false');
  await stop('a course, one group collapsed');
}
