import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../../src/api/api-error.ts';
import type { Note, NoteCollection } from '../../../../src/protocol/api-types.ts';
import { CourseScreen } from '../../../../src/ui/screens/course/CourseScreen.tsx';
import { fakeNote } from '../../../fakes/fake-note.ts';
import { createFakeServices, type FakeServices } from '../../../fakes/fake-services.ts';
import { type Rendered, render, settle } from '../../../fakes/render.tsx';

const note = (
  noteId: string,
  moduleId: string | null,
  moduleTitle: string | null,
  refId: string,
  refTitle: string,
  over: Partial<Note> = {},
) =>
  fakeNote({
    noteId,
    courseId: 'c1',
    courseTitle: 'Biology',
    moduleId,
    moduleTitle,
    refId,
    refTitle,
    ...over,
  });

const NOTES = [
  note('n10', 'm10', 'Module 10', 'r10', 'Summary', { content: '<p>ten</p>', text: 'ten' }),
  note('n2b', 'm2', 'Module 2', 'r2', 'Cells video', {
    content: '<p><strong>Late</strong> point</p>',
    text: 'Late point',
    anchor: { kind: 'time', seconds: 192 },
  }),
  note('n2a', 'm2', 'Module 2', 'r2', 'Cells video', {
    text: 'Early',
    anchor: { kind: 'time', seconds: 10 },
  }),
  note('n0', null, null, 'r0', 'Welcome', { text: 'General', anchor: null }),
];

/** The collection as the API groups it (the screen regroups what the cache holds). */
const collection = (notes: Note[]): NoteCollection => ({
  courseId: 'c1',
  courseTitle: 'Biology',
  modules: notes.map((n) => ({
    moduleId: n.moduleId ?? '',
    moduleTitle: n.moduleTitle ?? '',
    resources: [{ refId: n.refId, refTitle: n.refTitle, notes: [n] }],
  })),
});

const open = async (fake: FakeServices, courseId = 'c1') =>
  render(<CourseScreen params={{ courseId }} />, fake);
const texts = (view: Rendered, selector: string) =>
  Array.from(view.container.querySelectorAll(selector)).map((e) => e.textContent);
const toggle = (view: Rendered, name: string) =>
  Array.from(view.container.querySelectorAll<HTMLButtonElement>('.group-toggle')).find(
    (b) => b.textContent === name,
  );
/** Waits for something asynchronous the screen does (the Export chunk is a dynamic import). */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(done(), 'timed out');
};

test('a course: its title, a way back, groups in order (no module first, natural order), notes by anchor', async () => {
  const fake = createFakeServices({ collection: () => Promise.resolve(collection(NOTES)) });
  const view = await open(fake);
  assert.is(view.container.querySelector('h1')?.textContent, 'Biology');
  assert.equal(fake.api.callsTo('collection')[0]?.slice(0, 2), ['c1', null]);
  assert.ok(view.container.querySelector('a.back-link'));
  assert.equal(texts(view, 'h2 .group-toggle'), ['Course notes', 'Module 2', 'Module 10']);
  assert.equal(texts(view, 'h3 .group-toggle'), ['Welcome', 'Cells video', 'Summary']);
  assert.equal(texts(view, 'h4.note-title'), ['Note', 'At 00:10', 'At 03:12', 'At 03:12']);
  assert.equal(texts(view, '.note-text'), ['General', 'Early', 'Late point', 'ten']);
  assert.is(view.buttons('Go to 03:12').length, 2);
  assert.ok(view.buttons('Edit note').length === 4 && view.buttons('Delete note').length === 4);
  view.unmount();
});

test('each group collapses and expands: aria-expanded, aria-controls, hidden body', async () => {
  const fake = createFakeServices({ collection: () => Promise.resolve(collection(NOTES)) });
  const view = await open(fake);
  const module2 = toggle(view, 'Module 2');
  assert.ok(module2);
  assert.is(module2.getAttribute('aria-expanded'), 'true');
  const body = view.container.querySelector(`[id="${module2.getAttribute('aria-controls')}"]`);
  assert.ok(body);
  assert.not.ok(body.hasAttribute('hidden'));
  module2.click();
  await settle();
  assert.is(module2.getAttribute('aria-expanded'), 'false');
  assert.ok(body.hasAttribute('hidden'));
  assert.ok(
    body.textContent?.includes('Early'),
    'collapsed content stays in the page, hidden (print shows it)',
  );
  const video = toggle(view, 'Cells video');
  video?.click();
  await settle();
  assert.is(video?.getAttribute('aria-expanded'), 'false');
  module2.click();
  await settle();
  assert.is(module2.getAttribute('aria-expanded'), 'true');
  assert.not.ok(body.hasAttribute('hidden'));
  assert.is(video?.getAttribute('aria-expanded'), 'false', 'an inner group keeps its own state');
  view.unmount();
});

test('an edit or delete made elsewhere shows at once', async () => {
  const fake = createFakeServices({ collection: () => Promise.resolve(collection(NOTES)) });
  const view = await open(fake);
  const { cache } = fake.services.notes;
  const early = cache.get('n2a');
  assert.ok(early);
  cache.merge([
    { ...early, text: 'Edited', version: early.version + 1, updatedOn: '2026-11-22T11:00:00.000Z' },
  ]);
  await settle();
  assert.ok(texts(view, '.note-text').includes('Edited'));
  cache.remove('n10');
  await settle();
  assert.equal(texts(view, 'h2 .group-toggle'), ['Course notes', 'Module 2']);
  view.unmount();
});

test('Export downloads "<course title>.md" with the grouped notes as Markdown', async () => {
  const fake = createFakeServices({ collection: () => Promise.resolve(collection(NOTES)) });
  const view = await open(fake);
  view.buttons('Export')[0]?.click();
  await settle();
  assert.is(fake.downloads.length, 0, 'the export waits for the sanitiser');
  fake.sanitizer.finish();
  await until(() => fake.downloads.length === 1);
  assert.equal(
    fake.sanitizer.sanitised.filter((_, i) => fake.sanitizer.shapes[i] === 'store').toSorted(),
    NOTES.map((n) => n.content).toSorted(),
    'every note was sanitised before it was converted',
  );
  const [download] = fake.downloads;
  assert.is(download?.fileName, 'Biology.md');
  assert.is(download?.type, 'text/markdown;charset=utf-8');
  const text = download?.text ?? '';
  const order = [
    '# Biology',
    '## Course notes',
    '### Welcome',
    '## Module 2',
    '### Cells video',
    '## Module 10',
  ];
  const at = order.map((line) => text.indexOf(`${line}\n`));
  assert.ok(
    at.every((i, k) => i >= 0 && (k === 0 || i > (at[k - 1] ?? 0))),
    text,
  );
  assert.ok(text.includes('**Late** point\n\n_At 03:12 · '), text);
  assert.ok(/_At 00:10 · January 1, 2024_/.test(text), text);
  view.unmount();
});

test('Export sanitises the file name', async () => {
  const hostile = NOTES.map((n) => ({ ...n, courseTitle: '../Bio/logy\u0000' }));
  const fake = createFakeServices({
    collection: () => Promise.resolve({ ...collection(hostile), courseTitle: '../Bio/logy\u0000' }),
  });
  fake.sanitizer.finish();
  const view = await open(fake);
  view.buttons('Export')[0]?.click();
  await until(() => fake.downloads.length === 1);
  assert.is(fake.downloads[0]?.fileName, 'Bio logy.md');
  view.unmount();
});

test('Print opens the print dialog', async () => {
  const fake = createFakeServices({ collection: () => Promise.resolve(collection(NOTES)) });
  const view = await open(fake);
  view.buttons('Print')[0]?.click();
  assert.is(fake.prints, 1);
  view.unmount();
});

test('loading shows skeletons; the title comes from the course list until the course loads', async () => {
  const fake = createFakeServices({
    listCourses: () =>
      Promise.resolve([{ courseId: 'c1', courseTitle: 'Biology (listed)', noteCount: 4, updatedOn: '' }]),
    collection: () => new Promise(() => undefined),
  });
  await (await fake.services.notes.loadCourses()).list.reload();
  const view = await open(fake);
  assert.ok(view.container.querySelector('.skeletons'));
  assert.is(view.container.querySelector('h1')?.textContent, 'Biology (listed)');
  view.unmount();
});

test('a course with no notes left says so', async () => {
  const fake = createFakeServices({ collection: () => Promise.resolve(collection([])) });
  const view = await open(fake);
  assert.ok(view.text().includes('No notes in this course'));
  assert.is(view.buttons('Export').length, 0);
  view.unmount();
});

test('a failed load says so with Retry, and Retry loads the course again', async () => {
  let fail = true;
  const fake = createFakeServices({
    collection: () =>
      fail ? Promise.reject(new ApiError('network', 'offline')) : Promise.resolve(collection(NOTES)),
  });
  const view = await open(fake);
  assert.is(view.container.querySelector('h1')?.textContent, 'Course');
  assert.ok(view.container.querySelector('[role="alert"]'));
  fail = false;
  view.buttons('Retry')[0]?.click();
  await settle();
  assert.is(fake.api.callsTo('collection').length, 2);
  assert.is(view.container.querySelector('h1')?.textContent, 'Biology');
  assert.not.ok(view.container.querySelector('[role="alert"]'));
  view.unmount();
});

test('the way back leads to the list of courses', async () => {
  const fake = createFakeServices(
    { collection: () => Promise.resolve(collection(NOTES)) },
    undefined,
    '/course/c1',
  );
  const view = await open(fake);
  const back = view.container.querySelector<HTMLAnchorElement>('a.back-link');
  const click = Object.assign(new Event('click', { bubbles: true, cancelable: true }), { button: 0 });
  back?.dispatchEvent(click); // linkedom has no MouseEvent: a plain left click
  assert.ok(click.defaultPrevented, 'handled by the app, not followed as a link');
  await settle();
  assert.is(fake.services.nav.currentPath(), '/course');
  view.unmount();
});

test.run();
