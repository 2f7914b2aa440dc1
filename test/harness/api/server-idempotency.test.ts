import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BAD_KEY_ERROR } from '../../../server/src/notes/idempotency.ts';
import { KEY_TTL_MS } from '../../../server/src/store/writes.ts';
import type { Note, NotesPage } from '../../../src/protocol/api-types.ts';
import { rawRequest } from '../support/raw-http.ts';
import {
  type Client,
  clientFor,
  type Fixture,
  headersFor,
  newNoteBody,
  seeded,
  startFixture,
} from './support/api-fixture.ts';

type Ctx = { fx: Fixture; asha: Client; clock: { ms: number } };
const it = suite<Ctx>('server: Idempotency-Key on POST /notes/add');

const START = Date.parse('2025-03-01T09:00:00.000Z');

it.before.each(async (ctx) => {
  ctx.clock = { ms: START };
  ctx.fx = await startFixture({ now: () => new Date(ctx.clock.ms) });
  ctx.asha = clientFor(ctx.fx.api, seeded(0));
});
it.after.each(async (ctx) => {
  await ctx.fx.stop();
});

const total = async (c: Client): Promise<number> =>
  ((await c.post('/notes/fetch', {})).json as NotesPage).total;
const key = (k: string) => ({ 'idempotency-key': k });

it('the first add with a key is 201; the same key again is 200 with the note first stored, nothing new', async ({
  asha,
}) => {
  const before = await total(asha);
  const first = await asha.post('/notes/add', newNoteBody({ text: 'first' }), key('k-1'));
  assert.is(first.status, 201);
  const again = await asha.post('/notes/add', newNoteBody({ text: 'first' }), key('k-1'));
  assert.is(again.status, 200);
  assert.equal(again.json, first.json);
  const differentBody = await asha.post('/notes/add', newNoteBody({ text: 'other' }), key('k-1'));
  assert.is(differentBody.status, 200, 'the key decides, not the body');
  assert.equal(differentBody.json, first.json);
  assert.is(await total(asha), before + 1);
});

it('the replay is the note as first stored, even after an edit or a delete (no resurrection)', async ({
  asha,
}) => {
  const first = (await asha.post('/notes/add', newNoteBody(), key('k-edit'))).json as Note;
  await asha.post('/notes/update', { noteId: first.noteId, version: 1, content: '<p>edited</p>' });
  const again = await asha.post('/notes/add', newNoteBody(), key('k-edit'));
  assert.equal([again.status, again.json], [200, first]);
  const before = await total(asha);
  await asha.post('/notes/delete', { noteId: first.noteId });
  const late = await asha.post('/notes/add', newNoteBody(), key('k-edit'));
  assert.equal([late.status, late.json], [200, first]);
  assert.is(await total(asha), before - 1, 'the deleted note stays deleted');
});

it('another learner with the same key gets a note of their own', async ({ fx, asha }) => {
  const lukas = clientFor(fx.api, seeded(1)); // same rootorg and org, another wid
  const amira = clientFor(fx.api, seeded(2)); // another org
  const a = await asha.post('/notes/add', newNoteBody(), key('shared'));
  const l = await lukas.post('/notes/add', newNoteBody(), key('shared'));
  const m = await amira.post('/notes/add', newNoteBody(), key('shared'));
  assert.equal([a.status, l.status, m.status], [201, 201, 201]);
  const ids = new Set([a, l, m].map((r) => (r.json as Note).noteId));
  assert.is(ids.size, 3);
  assert.is((await lukas.post('/notes/add', newNoteBody(), key('shared'))).status, 200);
  assert.equal((await lukas.post('/notes/add', newNoteBody(), key('shared'))).json, l.json);
});

it('the same wid in another org is another learner', async ({ asha }) => {
  const first = (await asha.post('/notes/add', newNoteBody(), key('org-key'))).json as Note;
  const otherOrg = await asha.post('/notes/add', newNoteBody(), {
    ...key('org-key'),
    org: `${seeded(0).org}-b`,
  });
  assert.is(otherOrg.status, 201);
  assert.is.not((otherOrg.json as Note).noteId, first.noteId);
});

it('no key: every add stores a note, as before', async ({ asha }) => {
  const before = await total(asha);
  const a = await asha.post('/notes/add', newNoteBody());
  const b = await asha.post('/notes/add', newNoteBody());
  assert.equal([a.status, b.status], [201, 201]);
  assert.is(await total(asha), before + 2);
});

it('a malformed key is a 400 naming the header, and stores nothing', async ({ fx, asha }) => {
  const before = await total(asha);
  const bad = ['', '   ', 'has space', 'x'.repeat(201), 'caf\u00e9', 'tab\there', 'a, b'];
  for (const k of bad) {
    const res = await rawRequest(`${fx.api.url}/api/v1/notes/add`, {
      method: 'POST',
      headers: { ...headersFor(seeded(0)), 'idempotency-key': k },
      body: Buffer.from(JSON.stringify(newNoteBody()), 'utf8'),
    });
    assert.is(res.status, 400, JSON.stringify(k));
    assert.equal(JSON.parse(res.body.toString()), { error: BAD_KEY_ERROR });
  }
  assert.match(BAD_KEY_ERROR, 'Idempotency-Key');
  assert.is(await total(asha), before);
  const longest = await asha.post('/notes/add', newNoteBody(), key('~'.repeat(200)));
  assert.is(longest.status, 201, '200 visible characters are fine');
  const visible = await asha.post(
    '/notes/add',
    newNoteBody(),
    key('!"#$%&\'()*+-./09:;<=>?@AZ[\\]^_`az{|}~'),
  );
  assert.is(visible.status, 201);
});

it('two keys sent as two header lines are refused (node joins them with ", ")', async ({ fx }) => {
  const res = await rawRequest(`${fx.api.url}/api/v1/notes/add`, {
    method: 'POST',
    headers: { ...headersFor(seeded(0)), 'idempotency-key': ['k1', 'k2'] as unknown as string },
    body: JSON.stringify(newNoteBody()),
  });
  assert.is(res.status, 400);
});

it('a bad body with a known key is still a 400', async ({ asha }) => {
  await asha.post('/notes/add', newNoteBody(), key('k-body'));
  const res = await asha.post('/notes/add', '{oops', key('k-body'));
  assert.is(res.status, 400);
});

it('concurrent adds with one key store one note; every answer carries it', async ({ asha }) => {
  const before = await total(asha);
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => asha.post('/notes/add', newNoteBody(), key('race'))),
  );
  const statuses = answers.map((a) => a.status).sort();
  assert.equal(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  assert.is(new Set(answers.map((a) => (a.json as Note).noteId)).size, 1);
  assert.is(await total(asha), before + 1);
});

it('keys last 24 hours: just before, a replay; after, a new note', async ({ asha, clock }) => {
  const first = (await asha.post('/notes/add', newNoteBody(), key('day'))).json as Note;
  clock.ms = START + KEY_TTL_MS - 1;
  const replay = await asha.post('/notes/add', newNoteBody(), key('day'));
  assert.equal([replay.status, (replay.json as Note).noteId], [200, first.noteId]);
  clock.ms = START + KEY_TTL_MS;
  const fresh = await asha.post('/notes/add', newNoteBody(), key('day'));
  assert.is(fresh.status, 201);
  assert.is.not((fresh.json as Note).noteId, first.noteId);
  const replayOfFresh = await asha.post('/notes/add', newNoteBody(), key('day'));
  assert.equal(
    [replayOfFresh.status, (replayOfFresh.json as Note).noteId],
    [200, (fresh.json as Note).noteId],
  );
});

it('the key is ignored on update and delete', async ({ asha }) => {
  const n = (await asha.post('/notes/add', newNoteBody())).json as Note;
  const up = await asha.post('/notes/update', { noteId: n.noteId, version: 1, text: 'x' }, key('k-up'));
  const up2 = await asha.post('/notes/update', { noteId: n.noteId, version: 2, text: 'y' }, key('k-up'));
  assert.equal([up.status, up2.status], [200, 200]);
});

it.run();
