import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApiErrorBody, Note, NotesPage } from '../../../src/protocol/api-types.ts';
import {
  type Client,
  clientFor,
  type Fixture,
  newNoteBody,
  seeded,
  startFixture,
} from './support/api-fixture.ts';

type Ctx = { fx: Fixture; asha: Client };
const tags = suite<Ctx>('server: tags on add, update and fetch');

tags.before.each(async (ctx) => {
  ctx.fx = await startFixture();
  ctx.asha = clientFor(ctx.fx.api, seeded(0));
});
tags.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const errorOf = (json: unknown) => (json as ApiErrorBody).error;
/** An add body on a resource of this test's own, away from the seeded notes. */
const body = (o: Record<string, unknown>) => newNoteBody({ refId: 'res-tags', ...o });

tags('an add stores tags normalised; one breaking the rules is a 400 naming the field', async ({ asha }) => {
  const ok = await asha.post('/notes/add', body({ tags: [' Exam ', 'cell\t wall', 'हिंदी'] }));
  assert.is(ok.status, 201);
  assert.equal((ok.json as Note).tags, ['Exam', 'cell wall', 'हिंदी']);

  const refused: [unknown, string][] = [
    [Array.from({ length: 11 }, (_, i) => `t${i}`), 'tags must have at most 10 items'],
    [['exam', 'EXAM'], 'tags[1] repeats tags[0] (tags are unique ignoring case)'],
    [['x'.repeat(41)], 'tags[0] must be at most 40 characters'],
    [['ok', '   '], 'tags[1] must be a non-empty string'],
    [[7], 'tags[0] must be a non-empty string'],
    ['exam', 'tags must be an array of strings'],
  ];
  for (const [value, message] of refused) {
    const r = await asha.post('/notes/add', body({ tags: value }));
    assert.is(r.status, 400, message);
    assert.is(errorOf(r.json), message);
  }
  const all = (await asha.post('/notes/fetch', { refId: 'res-tags' })).json as NotesPage;
  assert.is(all.total, 1, 'nothing refused was stored');
});

tags('an update is held to the same rules; a tags-only update is a change', async ({ asha }) => {
  const added = (await asha.post('/notes/add', body({ tags: ['a'] }))).json as Note;
  const bad = await asha.post('/notes/update', { noteId: added.noteId, version: 1, tags: ['b', 'B'] });
  assert.is(bad.status, 400);
  assert.is(errorOf(bad.json), 'tags[1] repeats tags[0] (tags are unique ignoring case)');
  const good = await asha.post('/notes/update', { noteId: added.noteId, version: 1, tags: ['b', 'a'] });
  assert.is(good.status, 200);
  assert.equal([(good.json as Note).version, (good.json as Note).tags], [2, ['b', 'a']]);
});

tags('the fetch tags filter matches ignoring case and validates', async ({ asha }) => {
  await asha.post('/notes/add', body({ text: 'one', tags: ['Exam', 'Straße'] }));
  await asha.post('/notes/add', body({ text: 'two', tags: ['exam'] }));
  await asha.post('/notes/add', body({ text: 'three', tags: [] }));
  const texts = async (filter: unknown) =>
    ((await asha.post('/notes/fetch', { refId: 'res-tags', ...(filter as object) })).json as NotesPage).notes
      .map((n) => n.text)
      .sort();
  assert.equal(await texts({ tags: ['EXAM'] }), ['one', 'two']);
  assert.equal(await texts({ tags: ['exam', 'STRASSE'] }), ['one']);
  assert.equal(await texts({ tags: [' exam ', 'Exam'] }), ['one', 'two']);
  assert.equal(await texts({ tags: ['exam'], query: 'tw' }), ['two']);
  const bad = await asha.post('/notes/fetch', { tags: ['x'.repeat(41)] });
  assert.is(bad.status, 400);
  assert.is(errorOf(bad.json), 'tags[0] must be at most 40 characters');
  const notArray = await asha.post('/notes/fetch', { tags: 'exam' });
  assert.is(notArray.status, 400);
  assert.is(errorOf(notArray.json), 'tags must be an array of strings');
});

tags.run();
