import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ViewScreen } from '../../../../src/ui/screens/view/ViewScreen.tsx';
import { installFakeEditor } from '../../../editor/fake-editor.ts';
import type { NotesApi } from '../../../fakes/fake-notes-api.ts';
import { createFakeServices } from '../../../fakes/fake-services.ts';
import { render, settle } from '../../../fakes/render.tsx';
import { byLabel, choose, DELAY, fetches, numbered, page, until } from './view-support.ts';

async function shown(script: Partial<NotesApi>, width = 1024) {
  const fake = createFakeServices(script);
  fake.services.session.setWidth(width);
  const view = await render(<ViewScreen searchDelay={DELAY} />, fake);
  await settle();
  return { fake, view };
}
const countLine = (c: HTMLElement) => c.querySelector('.view-count')?.textContent;

test('heading, each note with course › module › resource, and the count in the plural', async () => {
  const { view } = await shown({ fetchNotes: () => Promise.resolve(page(numbered(1))) });
  assert.is(view.container.querySelector('h1')?.textContent, 'All notes');
  assert.is(
    view.container.querySelector('article .note-title')?.textContent,
    'Course 1 › Module 1 › Intro video',
  );
  assert.is(countLine(view.container), '1 note');
  view.unmount();
  const five = await shown({ fetchNotes: () => Promise.resolve(page(numbered(5))) });
  assert.is(countLine(five.view.container), '5 notes');
  five.view.unmount();
});

test('while more pages exist the count is the server total', async () => {
  const { view } = await shown({ fetchNotes: () => Promise.resolve(page(numbered(50), 10_000, 'p2')) });
  assert.is(countLine(view.container), '10,000 notes');
  view.unmount();
});

test('the course filter offers the learner courses and asks for the chosen one', async () => {
  const { fake, view } = await shown({
    listCourses: () =>
      Promise.resolve([
        { courseId: 'c2', courseTitle: 'Chemistry', noteCount: 3, updatedOn: '2026-01-01T00:00:00Z' },
      ]),
  });
  const options = Array.from(byLabel(view.container, 'Course').querySelectorAll('option'));
  assert.equal(
    options.map((o) => o.textContent),
    ['All courses', 'Chemistry'],
  );
  await choose(view.container, 'Course', 'c2');
  const last = fetches(fake.api.callsTo('fetchNotes')).at(-1);
  assert.is(last?.filter.courseId, 'c2');
  assert.is(last?.filter.order, 'newest');
  view.unmount();
});

test('each sort asks for its order', async () => {
  const { fake, view } = await shown({});
  const options = Array.from(byLabel(view.container, 'Sort').querySelectorAll('option'));
  assert.equal(
    options.map((o) => o.textContent),
    ['Newest', 'Oldest', 'Recently edited'],
  );
  await choose(view.container, 'Sort', 'oldest');
  await choose(view.container, 'Sort', 'updated');
  assert.equal(
    fetches(fake.api.callsTo('fetchNotes')).map((c) => c.filter.order),
    ['newest', 'oldest', 'updated'],
  );
  view.unmount();
});

test('no notes at all: exactly one message and a hint, no count line', async () => {
  const { view } = await shown({});
  assert.is(view.container.querySelector('.empty-title')?.textContent, 'No notes yet');
  assert.is(
    view.container.querySelector('.empty-state .hint')?.textContent,
    'Notes you write on any course appear here.',
  );
  assert.is(countLine(view.container), '');
  assert.not.ok(view.text().includes('No notes match'));
  view.unmount();
});

test('a failed load says why and Retry loads again', async () => {
  let calls = 0;
  const { view } = await shown({
    fetchNotes: () =>
      ++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(page(numbered(2))),
  });
  assert.ok(view.container.querySelector('[role="alert"]'));
  const [retry] = view.buttons('Retry');
  assert.ok(retry);
  retry?.click();
  await settle();
  assert.is(view.container.querySelectorAll('.note').length, 2);
  assert.is(view.buttons('Retry').length, 0);
  view.unmount();
});

test('wide frames edit in a pane beside the list', async () => {
  // Quill can't run under linkedom: the fake editor chunk stands in for it
  const editor = installFakeEditor();
  const notes = numbered(3, (i) => ({ content: `<p>note ${i}</p>` }));
  const { view } = await shown({ fetchNotes: () => Promise.resolve(page(notes)) });
  view.buttons('Edit note')[1]?.click();
  await settle();
  const pane = view.container.querySelector('.view-detail');
  assert.ok(pane, 'the pane opened');
  await until(() => pane?.querySelector('[role=textbox]'));
  assert.is(editor.current().options.html, '<p>note 1</p>', 'the pane edits the second note');
  assert.ok(view.container.querySelector('.view-body.has-detail'));
  assert.is(
    view.container.querySelectorAll('.note-list [role=textbox]').length,
    0,
    'the card is not edited in place',
  );
  view.buttons('Cancel')[0]?.click();
  await settle();
  assert.not.ok(view.container.querySelector('.view-detail'));
  view.unmount();
});

test('Delete note takes the note out at once and the count follows', async () => {
  const { view } = await shown({ fetchNotes: () => Promise.resolve(page(numbered(3))) });
  view.buttons('Delete note')[0]?.click();
  await settle();
  assert.not.ok(view.container.querySelector('#note-n00000'));
  assert.is(view.container.querySelectorAll('.note').length, 2);
  assert.is(countLine(view.container), '2 notes');
  view.unmount();
});

test('narrow frames edit in place, in one column', async () => {
  const editor = installFakeEditor();
  const notes = numbered(3, (i) => ({ content: `<p>note ${i}</p>` }));
  const { view } = await shown({ fetchNotes: () => Promise.resolve(page(notes)) }, 360);
  view.buttons('Edit note')[0]?.click();
  await until(() => view.container.querySelector('#note-n00000 [role=textbox]'));
  assert.is(editor.current().options.html, '<p>note 0</p>');
  assert.not.ok(view.container.querySelector('.view-detail'));
  view.unmount();
});

test.run();
