import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CourseSummary, Note, NoteCollection, NotesPage } from '../../../src/protocol/api-types.ts';
import { clientFor, type Fixture, newNoteBody, seeded, startFixture } from './support/api-fixture.ts';

const iso = suite<{ fx: Fixture }>('server: learners are isolated');

iso.before.each(async (ctx) => {
  ctx.fx = await startFixture();
});
iso.after.each(async (ctx) => {
  await ctx.fx.stop();
});

iso('each learner sees only their own notes in every read call', async ({ fx }) => {
  for (const [i, prefix] of [
    [0, 'seed-asha-'],
    [1, 'seed-lukas-'],
    [2, 'seed-amira-'],
  ] as const) {
    const c = clientFor(fx.api, seeded(i));
    const page = (await c.post('/notes/fetch', { limit: 100 })).json as NotesPage;
    assert.ok(page.notes.length > 0);
    assert.ok(
      page.notes.every((n) => n.noteId.startsWith(prefix)),
      prefix,
    );
    const recent = (await c.get('/notes/recent')).json as Note[];
    assert.ok(recent.every((n) => n.noteId.startsWith(prefix)));
    const byPath = (await c.get('/notes/fetch/-/-/-/1/100/0/newest')).json as NotesPage;
    assert.equal(
      byPath.notes.map((n) => n.noteId),
      page.notes.map((n) => n.noteId),
    );
    const courses = (await c.get('/notes/list/course')).json as CourseSummary[];
    const counted = courses.reduce((sum, row) => sum + row.noteCount, 0);
    assert.is(counted, page.total);
    const col = (await c.get('/notes/collection/res-none/-')).json as NoteCollection;
    assert.equal(col.modules, []);
  }
});

iso("another learner's note is a 404 for update and delete, and stays unchanged", async ({ fx }) => {
  const asha = clientFor(fx.api, seeded(0));
  const lukas = clientFor(fx.api, seeded(1));
  const mine = (await asha.post('/notes/add', newNoteBody({ content: '<p>private</p>', text: 'private' })))
    .json as Note;
  assert.is(
    (await lukas.post('/notes/update', { noteId: mine.noteId, version: 1, content: 'hijack' })).status,
    404,
  );
  assert.is((await lukas.post('/notes/delete', { noteId: mine.noteId })).status, 404);
  const lukasSearch = (await lukas.post('/notes/fetch', { query: 'private' })).json as NotesPage;
  assert.is(lukasSearch.total, 0);
  const still = (await asha.post('/notes/fetch', { query: 'private' })).json as NotesPage;
  assert.equal([still.total, still.notes[0]?.version, still.notes[0]?.text], [1, 1, 'private']);
});

iso('the same wid in another org is another learner', async ({ fx }) => {
  const asha = seeded(0);
  const twin = clientFor(fx.api, asha);
  const elsewhere = { org: 'some-other-org' };
  const added = (await twin.post('/notes/add', newNoteBody(), elsewhere)).json as Note;
  const inOther = (await twin.post('/notes/fetch', {}, elsewhere)).json as NotesPage;
  assert.equal(
    inOther.notes.map((n) => n.noteId),
    [added.noteId],
  );
  const home = (await twin.post('/notes/fetch', { limit: 100 })).json as NotesPage;
  assert.not.ok(home.notes.some((n) => n.noteId === added.noteId));
  assert.is((await twin.post('/notes/delete', { noteId: added.noteId })).status, 404);
});

iso.run();
