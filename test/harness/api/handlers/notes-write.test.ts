import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { signToken, verifyToken } from '../../../../harness/api/auth.ts';
import type { Call, Services } from '../../../../harness/api/handlers/call.ts';
import { addNote, deleteNote, updateNote } from '../../../../harness/api/handlers/notes-write.ts';
import type { Journal } from '../../../../harness/api/journal.ts';
import { createStore } from '../../../../harness/api/store.ts';
import { createUploads } from '../../../../harness/api/uploads.ts';
import type { Note } from '../../../../src/protocol/api-types.ts';

const learner = { rootOrg: 'ro', org: 'o', wid: 'w1' };
const verified = verifyToken(signToken({ wid: 'w1', given_name: 'Zoë' }, 's'), 's');
if (!verified.ok) throw new Error('fixture token must verify');
const claims = verified.claims;

/** A journal that fails every write after `okWrites` successes. */
const flakyJournal = (okWrites: number): Journal => {
  let writes = 0;
  return {
    append: async () => {
      if (writes++ >= okWrites) throw new Error('disk full');
    },
    close: async () => undefined,
  };
};

const services = (journal: Journal): Services => ({
  store: createStore([], journal),
  uploads: createUploads('/nonexistent-never-written'),
  now: () => new Date('2024-01-01T00:00:00.000Z'),
  newId: (() => {
    let n = 0;
    return () => `id-${++n}`;
  })(),
});

const call = (body: unknown): Call => ({
  params: {},
  caller: { learner, claims, domain: 'parent.example' },
  body: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
});

test('add answers 201 with a server-made note; displayName comes from the token', async () => {
  const s = services(flakyJournal(10));
  const r = await addNote(call({ refId: 'r', content: '<p>x</p>' }), s);
  assert.is(r.status, 201);
  const note = 'body' in r ? (r.body as Note) : null;
  assert.equal([note?.noteId, note?.displayName, note?.domain], ['id-1', 'Zoë', 'parent.example']);
});

test('a failed disk write is a 500, never a success', async () => {
  const s = services(flakyJournal(1));
  assert.is((await addNote(call({ refId: 'r', content: 'a' }), s)).status, 201);
  const failed = await addNote(call({ refId: 'r', content: 'b' }), s);
  assert.equal(
    [failed.status, 'body' in failed ? failed.body : null],
    [500, { error: 'The note could not be saved to disk' }],
  );
  assert.is((await updateNote(call({ noteId: 'id-1', version: 1, content: 'c' }), s)).status, 500);
});

test('update and delete: 404 unknown, 409 stale, success bumps/removes', async () => {
  const s = services(flakyJournal(10));
  await addNote(call({ refId: 'r', content: 'a' }), s);
  assert.is((await updateNote(call({ noteId: 'nope', version: 1 }), s)).status, 404);
  assert.is((await updateNote(call({ noteId: 'id-1', version: 2 }), s)).status, 409);
  assert.is((await updateNote(call({ noteId: 'id-1', version: 1, tags: ['t'] }), s)).status, 200);
  assert.is(s.store.get(learner, 'id-1')?.version, 2);
  assert.is((await deleteNote(call({ noteId: 'id-1', version: 1 }), s)).status, 409);
  assert.is((await deleteNote(call({ noteId: 'id-1' }), s)).status, 200);
  assert.is(s.store.get(learner, 'id-1'), undefined);
});

test.run();
