import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HomeScreen } from '../../src/ui/screens/home/HomeScreen.tsx';
import { fakeContext } from '../fakes/fake-context.ts';
import { fakeNote } from '../fakes/fake-note.ts';
import { createFakeServices } from '../fakes/fake-services.ts';
import { render, settle } from '../fakes/render.tsx';

const PLAYER = {
  resourceId: 'r1',
  resourceTitle: 'Intro video',
  courseTitle: 'Biology',
  moduleTitle: 'Cells',
  currentTime: 75,
};

test('shows the resource title, its context and its notes newest first', async () => {
  const notes = [
    fakeNote({ noteId: 'a', text: 'older', createdOn: '2026-11-20T10:00:00.000Z' }),
    fakeNote({ noteId: 'b', text: 'newer', createdOn: '2026-11-21T10:00:00.000Z' }),
  ];
  const fake = createFakeServices(
    { fetchNotes: () => Promise.resolve({ notes, total: 2, nextCursor: null }) },
    fakeContext({ playerData: PLAYER }),
  );
  const view = await render(<HomeScreen />, fake);
  await settle();
  assert.is(view.container.querySelector('h1')?.textContent, 'Intro video');
  assert.ok(view.text().includes('Biology › Cells'));
  const texts = Array.from(view.container.querySelectorAll('.note-text')).map((p) => p.textContent);
  assert.equal(texts, ['newer', 'older']);
  assert.is(view.buttons('Add note').length, 1);
  view.unmount();
});

test.run();
