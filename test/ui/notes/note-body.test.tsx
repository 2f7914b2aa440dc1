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
  fake.services.page.whenIdle = (task) => idle.push(task);
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

/**
 * What DOMPurify hands back for `<img alt='<h1 "><base href=…><form action=…>'>` in a browser that
 * serialises `<` unescaped inside attribute values (linkedom does too): harmless as it stands, one
 * `alt`. Any string rewriting of `<h1` here would end the attribute early and bring back the
 * `<base>` and `<form>` the sanitiser removed.
 */
const CRAFTED =
  '<p><img src="https://app.test/api/v1/files/a.png" alt="<h1 &quot;><base href=https://evil.example/><form action=https://evil.example/>"></p><h2>Real heading</h2>';

test('the sanitised HTML is rendered as the sanitiser returned it: no rewriting after sanitising', async () => {
  const { fake } = withIdleTasks();
  fake.sanitizer.finish();
  const view = await render(<NoteBody note={fakeNote({ content: CRAFTED, text: 'x' })} />, fake);
  const rich = view.container.querySelector('.note-rich');
  assert.ok(rich);
  assert.is(rich.querySelector('base'), null, 'no <base> came back');
  assert.is(rich.querySelector('form'), null, 'no <form> came back');
  assert.is(rich.querySelectorAll('img').length, 1);
  assert.ok(
    rich.querySelector('img')?.getAttribute('alt')?.startsWith('<h1 "><base'),
    'the alt is one attribute',
  );
  assert.equal(fake.sanitizer.shapes, ['card'], 'headings are renamed by the sanitiser, for a card');
  view.unmount();
});

test.run();
