/**
 * A conflict shows both versions' tags beside their text (issue 17): the learner's (or, for an
 * edit from before tags could be edited, the note's as they saw it) and the saved version's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Conflict } from '../../../src/notes/write/journal.ts';
import { ConflictPanel } from '../../../src/ui/notes/ConflictPanel.tsx';
import { fakeNote } from '../../fakes/fake-note.ts';
import { createFakeServices } from '../../fakes/fake-services.ts';
import { render } from '../../fakes/render.tsx';

const base = fakeNote({ noteId: 'n1', text: 'before', tags: ['exam'] });
const tagLines = (container: Element) =>
  [...container.querySelectorAll('.conflict-tags')].map((p) => p.textContent);

test('both versions with their tags; "Tags: none" when a version has none', async () => {
  const conflict: Conflict = {
    mine: { content: '<p>mine</p>', text: 'mine', tags: ['exam', 'week 3'] },
    base,
    current: { ...base, text: 'theirs', tags: [], version: 2 },
  };
  const view = await render(<ConflictPanel noteId="n1" conflict={conflict} />, createFakeServices());
  assert.equal(tagLines(view.container), ['Tags: exam, week 3', 'Tags: none']);
  view.unmount();
});

test('an edit without tags shows the tags the learner saw (the base’s)', async () => {
  const conflict: Conflict = { mine: { content: '<p>mine</p>', text: 'mine' }, base, current: null };
  const view = await render(<ConflictPanel noteId="n1" conflict={conflict} />, createFakeServices());
  assert.equal(tagLines(view.container), ['Tags: exam']);
  view.unmount();
});

test.run();
