/**
 * The note form under linkedom with a fake editor chunk (test/editor/fake-editor.ts; Quill itself
 * is tested in Chromium, test/browser/editor*.test.ts): drafts, save, cancel, the watchdog's
 * restarts and fallback, and image checks and uploads.
 */
import type { Signal } from '@preact/signals-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SaveResult } from '../../../src/notes/write/note-writes.ts';
import { NoteEditor, type NoteEditorProps } from '../../../src/ui/notes/NoteEditor.tsx';
import { installFakeEditor } from '../../editor/fake-editor.ts';
import { createFakeServices, type FakeServices } from '../../fakes/fake-services.ts';
import { render, settle, waitFor } from '../../fakes/render.tsx';

const failed = (message = 'The notes service is not answering right now. Try again in a moment.') =>
  Promise.resolve<SaveResult>({ ok: false, problem: { kind: 'server', retry: true, message } });

/** Renders the form and waits until the (fake) editor is mounted. */
async function open(fake: FakeServices, props: Partial<NoteEditorProps> = {}) {
  const editor = installFakeEditor();
  const saved: { content: string; text: string }[] = [];
  let cancelled = 0;
  const view = await render(
    <NoteEditor
      initialText=""
      draftKey="new:r1"
      onSave={(changes) => {
        saved.push(changes);
        return Promise.resolve<SaveResult>({ ok: true, note: {} as never });
      }}
      onCancel={() => {
        cancelled += 1;
      }}
      {...props}
    />,
    fake,
  );
  await waitFor(() => editor.mounts.length > 0, 'the editor mounted');
  const form = view.container.querySelector('form');
  assert.ok(form);
  const submit = async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await settle();
  };
  return { view, editor, saved, submit, cancelled: () => cancelled };
}

test('the editor is labelled "Note" and starts from the note, as HTML', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  const { view, editor } = await open(fake, {
    initialText: 'old',
    initialHtml: '<p><strong>old</strong></p>',
  });
  const box = view.container.querySelector('[role=textbox]');
  const label = view.container.querySelector(`[id="${box?.getAttribute('aria-labelledby')}"]`);
  assert.is(label?.textContent, 'Note');
  assert.is(editor.current().options.html, '<p><strong>old</strong></p>');
  view.unmount();
  const plain = await open(fake, { initialText: 'a <b>\nline', draftKey: 'edit:n2' });
  assert.is(
    plain.editor.current().options.html,
    '<p>a &lt;b&gt;</p><p>line</p>',
    'text as HTML without initialHtml',
  );
  plain.view.unmount();
});

test('every change is a draft; a new editor with the same key starts from it and says "Draft restored"', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  const first = await open(fake, { initialText: 'old', draftKey: 'edit:n1' });
  first.editor.current().type('old, and more');
  await settle();
  assert.equal(fake.services.notes.drafts.get('edit:n1'), {
    content: '<p>old, and more</p>',
    text: 'old, and more',
    tags: [],
  });
  first.view.unmount();
  const second = await open(fake, { initialText: 'old', draftKey: 'edit:n1' });
  assert.is(second.editor.current().options.html, '<p>old, and more</p>');
  assert.ok(second.view.text().includes('Draft restored'));
  assert.is(fake.services.announcer.current.value?.key, 'Draft restored');
  second.view.unmount();
});

test('save hands over HTML and text and leaves the draft to the model; a failed save shows why', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  let answer: () => Promise<SaveResult> = () => failed();
  const seen: { content: string; text: string }[] = [];
  const { view, editor, submit } = await open(fake, {
    onSave: (changes) => {
      seen.push(changes);
      return answer();
    },
  });
  editor.current().type('typed', '<p><strong>typed</strong></p>');
  await submit();
  assert.equal(seen, [{ content: '<p><strong>typed</strong></p>', text: 'typed', tags: [] }]);
  assert.ok(view.text().includes('The notes service is not answering right now.'), 'the problem is shown');
  const box = view.container.querySelector('[role=textbox]');
  assert.ok(box?.getAttribute('aria-describedby'), 'the text is described by the problem');
  answer = () => Promise.resolve({ ok: true, note: {} as never });
  await submit();
  assert.is(seen.length, 2);
  assert.equal(
    fake.services.notes.drafts.get('new:r1'),
    { content: '<p><strong>typed</strong></p>', text: 'typed', tags: [] },
    'the editor no longer drops the draft itself: the model moves it into the outbox',
  );
  view.unmount();
});

test('saving blank text says "Write something before saving." and sends nothing; an image alone is enough', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  const { view, editor, saved, submit } = await open(fake);
  editor.current().type('  \n ');
  await submit();
  assert.is(saved.length, 0);
  assert.ok(view.text().includes('Write something before saving.'));
  editor.current().type('', '<p><img src="/api/v1/files/a.png" alt=""></p>');
  await submit();
  assert.is(saved.length, 1);
  view.unmount();
});

test('Cancel: no question without changes; with changes it asks, and a "no" keeps editing', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  const clean = await open(fake);
  clean.view.buttons('Cancel')[0]?.click();
  await settle();
  assert.is(clean.cancelled(), 1);
  assert.is(fake.confirms.length, 0);
  clean.view.unmount();

  const dirty = await open(fake, { draftKey: 'new:r2' });
  dirty.editor.current().type('keep me');
  await settle();
  fake.confirms.push(false);
  dirty.view.buttons('Cancel')[0]?.click();
  await settle();
  assert.is(dirty.cancelled(), 0, 'still editing');
  assert.ok(fake.services.notes.drafts.get('new:r2'));
  fake.confirms.push(true);
  dirty.view.buttons('Cancel')[0]?.click();
  await settle();
  assert.is(dirty.cancelled(), 1);
  assert.is(fake.services.notes.drafts.get('new:r2'), undefined, 'the draft is dropped on cancel');
  dirty.view.unmount();
});

test('drafts kept in memory only: a visible warning', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  const { view } = await open(fake);
  assert.not.ok(view.text().includes('Drafts can’t be kept'));
  (fake.services.notes.drafts.durable as Signal<boolean>).value = false;
  await settle();
  assert.ok(
    view.text().includes('Drafts can’t be kept on this device: they will be lost if the page closes.'),
  );
  view.unmount();
});

test('storage refused by the browser: one notice says what is lost, not the drafts warning as well', async () => {
  const fake = createFakeServices({}, undefined, '/', { refused: true });
  fake.sanitizer.finish();
  const { view } = await open(fake);
  const notice =
    'Your browser doesn’t let this page keep anything on this device. Notes you save still reach your account, but drafts are lost if the page closes or reloads, and no notes are kept for reading offline.';
  assert.ok(view.text().includes(notice));
  assert.not.ok(view.text().includes('Drafts can’t be kept'), 'one notice, not two');
  view.unmount();
});

test('an editor error restarts it with its current content, three times; the fourth gives a plain text box that saves', async () => {
  const quiet = console.error;
  console.error = () => undefined;
  try {
    const fake = createFakeServices();
    fake.sanitizer.finish(); // saving sanitises first
    const { view, editor, saved, submit } = await open(fake);
    editor.current().type('line one\nline two', '<p>line one</p><p><em>line two</em></p>');
    for (let restart = 1; restart <= 3; restart++) {
      editor.current().fail();
      await waitFor(() => editor.mounts.length === restart + 1, `restart ${restart}`);
      assert.ok(editor.mounts[restart - 1]?.destroyed, 'the failed editor is gone');
      assert.is(editor.current().options.html, '<p>line one</p><p><em>line two</em></p>', 'content kept');
    }
    assert.is(
      fake.services.announcer.current.value?.key,
      'The editor had a problem and was restarted. Your text is still here.',
    );
    editor.current().fail();
    await waitFor(() => view.container.querySelector('textarea') !== null, 'the fallback');
    assert.is(editor.mounts.length, 4, 'no fifth editor');
    const area = view.container.querySelector('textarea');
    assert.ok(area);
    assert.is(area.value, 'line one\nline two');
    assert.ok(view.text().includes('The editor stopped working, so this is a plain text box.'));
    const label = view.container.querySelector<HTMLLabelElement>('label.rt-label');
    assert.is(label?.textContent, 'Note');
    // (linkedom does not reflect `htmlFor`: the label's link to the area is checked in Chromium)
    area.value = 'line one\nline two <3';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    await submit();
    assert.equal(saved, [
      { content: '<p>line one</p><p>line two &lt;3</p>', text: 'line one\nline two <3', tags: [] },
    ]);
    view.unmount();
  } finally {
    console.error = quiet;
  }
});

test('an unreadable editor restarts from the last snapshot; a chunk that fails to load counts as a crash', async () => {
  const quiet = console.error;
  console.error = () => undefined;
  try {
    const fake = createFakeServices();
    fake.sanitizer.finish(); // saving sanitises first
    const { view, editor } = await open(fake, { initialText: 'saved text' });
    editor.current().type('typed just now');
    editor.current().unreadable();
    editor.current().fail();
    await waitFor(() => editor.mounts.length === 2, 'the restart');
    assert.is(editor.current().options.html, '<p>saved text</p>', 'the snapshot (taken at most every 5 s)');
    editor.failLoads(1);
    editor.current().fail();
    await waitFor(() => editor.mounts.length === 3, 'the restart after a failed load');
    view.unmount();
  } finally {
    console.error = quiet;
  }
});

test('images: the type and size are checked before upload; progress shows; only the returned URL goes in', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish(); // saving sanitises first
  const calls: string[] = [];
  let finish: (outcome: { ok: true; url: string } | { ok: false; message: string }) => void = () => undefined;
  fake.services.notes.uploadImage = (file, onProgress) => {
    calls.push(file.name);
    onProgress(0.5);
    return new Promise((resolve) => {
      finish = resolve;
    });
  };
  const { view, editor } = await open(fake);
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
  editor.current().options.onImage(file('notes.pdf', 'application/pdf'));
  await settle();
  assert.ok(view.text().includes('Only PNG, JPEG, GIF or WebP images can be added.'));
  editor.current().options.onImage(file('huge.png', 'image/png', 5 * 1024 * 1024 + 1));
  await settle();
  assert.ok(view.text().includes('Images can be at most 5 MB.'));
  assert.equal(calls, [], 'nothing was sent');

  editor.current().options.onImage(file('ok.png', 'image/png'));
  await settle();
  assert.equal(calls, ['ok.png']);
  const progress = view.container.querySelector('progress');
  assert.is(progress?.getAttribute('value'), '0.5');
  assert.ok(view.text().includes('Uploading image…'));
  assert.not.ok(view.text().includes('Only PNG'), 'the old problem is gone');
  finish({ ok: true, url: '/api/v1/files/abc.png' });
  await settle();
  assert.equal(editor.current().inserted, ['/api/v1/files/abc.png']);
  assert.equal(
    fake.sanitizer.kept,
    ['/api/v1/files/abc.png'],
    'the sanitiser keeps what the upload returned',
  );
  assert.is(view.container.querySelector('progress'), null);

  editor.current().options.onImage(file('bad.gif', 'image/gif'));
  await settle();
  finish({ ok: false, message: 'Images can be at most 5 MB.' });
  await settle();
  assert.ok(view.text().includes('Images can be at most 5 MB.'), "the server's refusal is shown");
  assert.is(editor.current().inserted.length, 1);
  view.unmount();
});

const ONE = 'One image can’t be saved with this note: this app can’t show images from where it is stored.';
const SOME =
  'Some images can’t be saved with this note: this app can’t show images from where they are stored.';
const button = (view: { container: Element }, name: string) =>
  [...view.container.querySelectorAll('button')].find((b) => b.textContent === name) as
    | HTMLButtonElement
    | undefined;

test('a save that would drop an image asks first: Keep editing goes back, Save without the image saves', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish();
  const { view, editor, saved, submit } = await open(fake);
  editor.current().type('chart', '<p>chart<img src="https://elsewhere.example/c.png"></p>');
  fake.sanitizer.dropped = ['https://elsewhere.example/c.png'];
  await submit();
  assert.is(saved.length, 0, 'nothing saved yet');
  const alert = view.container.querySelector('.note-editor [role=alert]');
  assert.is(alert?.textContent, ONE);
  const group = view.container.querySelector('fieldset');
  assert.is(group?.getAttribute('aria-labelledby'), alert?.id, 'the choices are labelled by the message');

  button(view, 'Keep editing')?.click();
  await settle();
  assert.is(view.container.querySelector('[role=alert]'), null);
  assert.is(saved.length, 0);

  await submit();
  button(view, 'Save without the image')?.click();
  await settle();
  assert.equal(
    saved.map((c) => [c.content, c.text]),
    [['<p>chart<img src="https://elsewhere.example/c.png"></p>', 'chart']],
  );
  view.unmount();
});

test('more than one: "Some images…" and "Save without the images"; an edit closes the question', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish();
  const { view, editor, saved, submit } = await open(fake);
  editor.current().type('two');
  fake.sanitizer.dropped = ['https://a.example/1.png', 'https://a.example/2.png'];
  await submit();
  assert.is(view.container.querySelector('[role=alert]')?.textContent, SOME);
  assert.ok(button(view, 'Save without the images'));
  editor.current().type('two, changed');
  await settle();
  assert.is(view.container.querySelector('[role=alert]'), null, 'a changed note is asked about again');
  fake.sanitizer.dropped = [];
  await submit();
  assert.is(saved.length, 1, 'nothing dropped: saved at once');
  view.unmount();
});

test('tags: a tags-only edit is a change (kept as a draft, restored with its tags) and the save sends them', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish();
  const first = await open(fake, { initialText: 'old', initialTags: ['exam'], draftKey: 'edit:n1' });
  const input = () => first.view.container.querySelector<HTMLInputElement>('input[role=combobox]');
  await waitFor(() => input() !== null, 'the tag field');
  const typeInto = async (value: string) => {
    const field = input();
    assert.ok(field);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
  };
  await typeInto('tips,');
  const chips = () =>
    [...first.view.container.querySelectorAll('.tag-chip > span')].map((c) => c.textContent);
  assert.equal(chips(), ['exam', 'tips']);
  assert.equal(fake.services.notes.drafts.get('edit:n1')?.tags, ['exam', 'tips'], 'kept as a draft');
  first.view.unmount();
  const second = await open(fake, { initialText: 'old', initialTags: ['exam'], draftKey: 'edit:n1' });
  await waitFor(() => second.view.container.querySelector('.tag-chip') !== null, 'the chips');
  assert.equal(
    [...second.view.container.querySelectorAll('.tag-chip > span')].map((c) => c.textContent),
    ['exam', 'tips'],
    'the draft’s tags come back',
  );
  // What is still typed is meant: saving adds it.
  const field = second.view.container.querySelector<HTMLInputElement>('input[role=combobox]');
  assert.ok(field);
  field.value = 'week 3';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
  await second.submit();
  assert.equal(second.saved.at(-1), { content: '<p>old</p>', text: 'old', tags: ['exam', 'tips', 'week 3'] });
  second.view.unmount();
});

test('tags: back to the note’s own tags and text is no change — the draft goes', async () => {
  const fake = createFakeServices();
  fake.sanitizer.finish();
  const { view } = await open(fake, { initialText: 'old', initialTags: ['exam'], draftKey: 'edit:n1' });
  await waitFor(() => view.container.querySelector('.tag-remove') !== null, 'the chip');
  view.container.querySelector<HTMLButtonElement>('.tag-remove')?.click();
  await settle();
  assert.equal(fake.services.notes.drafts.get('edit:n1')?.tags, []);
  const field = view.container.querySelector<HTMLInputElement>('input[role=combobox]');
  assert.ok(field);
  field.value = 'exam,';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
  assert.is(fake.services.notes.drafts.get('edit:n1'), undefined);
  view.unmount();
});

test.run();
