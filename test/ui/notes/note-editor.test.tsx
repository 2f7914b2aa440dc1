import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NoteEditor } from '../../../src/ui/notes/NoteEditor.tsx';
import { createFakeServices } from '../../fakes/fake-services.ts';
import { render, settle } from '../../fakes/render.tsx';

const type = async (area: HTMLTextAreaElement, text: string) => {
  area.value = text;
  area.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
};

test('unsaved text outlives the editor: a new editor with the same draft key starts from it', async () => {
  const fake = createFakeServices();
  const props = {
    initialText: 'old',
    draftKey: 'edit:n1',
    onSave: () => Promise.reject(),
    onCancel: () => {},
  };
  const first = await render(<NoteEditor {...props} />, fake);
  const area = first.container.querySelector('textarea');
  assert.ok(area);
  await type(area, 'old, and more');
  first.unmount();
  const second = await render(<NoteEditor {...props} />, fake);
  assert.is(second.container.querySelector('textarea')?.value, 'old, and more');
  second.unmount();
});

test('a successful save and a cancel both drop the draft; a failed save keeps it', async () => {
  const fake = createFakeServices();
  let ok = false;
  let cancelled = 0;
  const props = {
    initialText: '',
    draftKey: 'new:r1',
    onSave: () =>
      Promise.resolve(
        ok
          ? { ok: true as const, note: {} as never }
          : { ok: false as const, problem: { kind: 'server' as const, retry: true, message: 'x' } },
      ),
    onCancel: () => {
      cancelled += 1;
    },
  };
  const view = await render(<NoteEditor {...props} />, fake);
  const area = view.container.querySelector('textarea');
  const form = view.container.querySelector('form');
  assert.ok(area && form);
  // linkedom does not submit forms on a button click: submit as the browser would.
  const submit = async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
  };
  await type(area, 'typed');
  await submit();
  assert.ok(view.text().includes('x'), 'the problem is shown');
  assert.is(fake.services.notes.drafts.get('new:r1'), 'typed', 'kept after a failed save');
  ok = true;
  await submit();
  assert.is(fake.services.notes.drafts.get('new:r1'), undefined, 'dropped after saving');
  await type(area, 'again');
  fake.confirms.push(true);
  view.buttons('Cancel')[0]?.click();
  await settle();
  assert.is(cancelled, 1);
  assert.is(fake.services.notes.drafts.get('new:r1'), undefined, 'dropped on cancel');
  view.unmount();
});

test.run();
