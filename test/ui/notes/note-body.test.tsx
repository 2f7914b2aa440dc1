import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NoteBody } from '../../../src/ui/notes/NoteBody.tsx';
import { fakeNote } from '../../fakes/fake-note.ts';
import { createFakeServices } from '../../fakes/fake-services.ts';
import { render, settle } from '../../fakes/render.tsx';

const RICH = fakeNote({ content: '<p><strong>Bold</strong> words</p>', text: 'Bold words' });

/** Fake services whose idle tasks are kept, to run when the test says. */
function withIdleTasks() {
  const fake = createFakeServices();
  const idle: (() => void)[] = [];
  fake.services.platform.whenIdle = (task) => idle.push(task);
  return { fake, idle };
}

test('plain text first; the sanitiser is fetched when idle; then the sanitised HTML', async () => {
  const { fake, idle } = withIdleTasks();
  const view = await render(<NoteBody note={RICH} />, fake);
  const body = () => view.container.querySelector('.note-text');
  assert.is(body()?.tagName, 'P');
  assert.is(body()?.textContent, 'Bold words');
  assert.is(fake.sanitizer.loads, 0, 'not fetched before the browser is idle');
  assert.is(idle.length, 1);
  for (const task of idle.splice(0)) task();
  assert.is(fake.sanitizer.loads, 1);
  fake.sanitizer.finish();
  await settle();
  assert.is(body()?.tagName, 'DIV');
  assert.is(body()?.className, 'note-text note-rich');
  assert.is(body()?.getAttribute('dir'), 'auto');
  assert.is(body()?.innerHTML, '<p><strong>Bold</strong> words</p>');
  assert.equal(fake.sanitizer.sanitised, [RICH.content], 'what went in was the stored content');
  view.unmount();
});

test('with decorate (search previews) the body stays plain, decorated text and fetches nothing', async () => {
  const { fake, idle } = withIdleTasks();
  fake.sanitizer.finish();
  const decorate = (text: string) => <mark>{text.toUpperCase()}</mark>;
  const view = await render(<NoteBody note={RICH} decorate={decorate} />, fake);
  assert.is(view.container.querySelector('p.note-text mark')?.textContent, 'BOLD WORDS');
  assert.is(view.container.querySelector('.note-rich'), null);
  assert.equal(fake.sanitizer.sanitised, []);
  assert.is(idle.length, 0);
  view.unmount();
});

test('a note without content shows its text and fetches nothing', async () => {
  const { fake, idle } = withIdleTasks();
  const view = await render(<NoteBody note={fakeNote({ content: '', text: 'Only text' })} />, fake);
  assert.is(view.container.querySelector('p.note-text')?.textContent, 'Only text');
  assert.is(idle.length, 0);
  view.unmount();
});

test('with the sanitiser already in, the rich body shows at once', async () => {
  const { fake } = withIdleTasks();
  fake.sanitizer.finish();
  const view = await render(<NoteBody note={RICH} />, fake);
  assert.is(view.container.querySelector('.note-rich strong')?.textContent, 'Bold');
  view.unmount();
});

test.run();
