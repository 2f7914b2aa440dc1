import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NoteFilter, NotesPage } from '../../../../src/protocol/api-types.ts';
import { ViewScreen } from '../../../../src/ui/screens/view/ViewScreen.tsx';
import { createDeferred, type Deferred } from '../../../fakes/deferred.ts';
import { fakeNote } from '../../../fakes/fake-note.ts';
import { createFakeServices } from '../../../fakes/fake-services.ts';
import { render, settle } from '../../../fakes/render.tsx';
import {
  cardTexts,
  DELAY,
  fetches,
  page,
  pause,
  searchClock,
  searchField,
  typeSearch,
} from './view-support.ts';

const NOTES = [
  fakeNote({ noteId: 'a', text: 'Photosynthesis makes sugar', createdOn: '2026-11-21T10:00:00.000Z' }),
  fakeNote({ noteId: 'b', text: 'Cell walls are rigid', createdOn: '2026-11-20T10:00:00.000Z' }),
];

/** The search's clock: its delay passes at `pause(clock)` (view-support.ts). */
const clock = searchClock();

/** A view whose first load answers `first` and whose later fetches wait on deferreds. */
async function scripted(first: NotesPage = page(NOTES)) {
  const later: Deferred<NotesPage>[] = [];
  const fake = createFakeServices({
    fetchNotes: (filter: NoteFilter) => {
      if (!filter.query) return Promise.resolve(first);
      const d = createDeferred<NotesPage>();
      later.push(d);
      return d.promise;
    },
  });
  const view = await render(<ViewScreen searchDelay={DELAY} searchLater={clock.later} />, fake);
  await settle();
  return { fake, view, later };
}

test('each keystroke filters the loaded notes at once and marks the matches', async () => {
  const { fake, view } = await scripted();
  await typeSearch(view.container, 'PHOTO');
  assert.equal(cardTexts(view.container), ['Photosynthesis makes sugar']);
  const marks = Array.from(view.container.querySelectorAll('.note-text mark')).map((m) => m.textContent);
  assert.equal(marks, ['Photo']);
  assert.is(fake.api.callsTo('fetchNotes').length, 1, 'no request before the pause');
  view.unmount();
});

test('after the pause the server is asked with the query; the superseded search is aborted', async () => {
  const { fake, view } = await scripted();
  await typeSearch(view.container, 'pho');
  await pause(clock);
  await typeSearch(view.container, 'phot');
  await pause(clock);
  const calls = fetches(fake.api.callsTo('fetchNotes'));
  assert.equal(
    calls.map((c) => c.filter.query),
    [undefined, 'pho', 'phot'],
  );
  assert.is(calls[1]?.signal.aborted, true, 'the "pho" request was cancelled');
  assert.is(calls[2]?.signal.aborted, false);
  assert.is(calls[2]?.filter.order, 'newest');
  view.unmount();
});

test('typing fast asks the server once, for what was typed last', async () => {
  const { fake, view } = await scripted();
  for (const q of ['c', 'ce', 'cel', 'cell']) await typeSearch(view.container, q);
  await pause(clock);
  assert.equal(
    fetches(fake.api.callsTo('fetchNotes')).map((c) => c.filter.query),
    [undefined, 'cell'],
  );
  view.unmount();
});

test('a note only the server knows shows once it answers, and the count is announced once', async () => {
  const { fake, view, later } = await scripted();
  await typeSearch(view.container, 'mito');
  assert.is(fake.services.announcer.current.value, null, 'nothing said while typing');
  await pause(clock);
  const extra = fakeNote({ noteId: 'z', text: 'Mitochondria', createdOn: '2020-01-01T00:00:00.000Z' });
  later[0]?.resolve(page([extra]));
  await settle();
  assert.equal(cardTexts(view.container), ['Mitochondria']);
  const said = fake.services.announcer.current.value;
  assert.is(said?.key, 'notes found');
  assert.equal(said?.values, { count: 1 });
  assert.is(fake.services.i18n.t('notes found', { count: 1 }), '1 note found');
  await settle();
  assert.is(fake.services.announcer.current.value?.serial, said?.serial, 'said once');
  view.unmount();
});

test('a search with no match says so, in one message', async () => {
  const { view, later } = await scripted();
  await typeSearch(view.container, 'zzz');
  await pause(clock);
  later[0]?.resolve(page([]));
  await settle();
  assert.is(view.container.querySelector('.empty-state')?.textContent, 'No notes match your search');
  assert.not.ok(view.text().includes('No notes yet'));
  assert.is(view.container.querySelector('.view-count')?.textContent, '');
  view.unmount();
});

test('the search field is a labelled search input, and the search shortcut focuses it', async () => {
  const { fake, view } = await scripted();
  const input = searchField(view.container);
  assert.is(input.getAttribute('type'), 'search');
  assert.ok(view.container.querySelector('search'));
  let focused = false;
  Object.assign(input, { focus: () => (focused = true), select: () => undefined });
  const handled = fake.services.shortcuts.handle({
    key: 'F',
    code: 'KeyF',
    altKey: true,
    shiftKey: true,
    ctrlKey: false,
    metaKey: false,
  });
  assert.ok(handled && focused);
  view.unmount();
});

test.run();
