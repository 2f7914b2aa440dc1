/**
 * Two notes-server processes on one PostgreSQL database, called at once over HTTP: 200 concurrent
 * adds carrying 50 distinct Idempotency-Keys store exactly 50 notes and every answer carries its
 * key's note; 20 concurrent updates on one version give exactly one 200 and 19 409s. Then
 * `kill -9` during a stream of writes: after a restart every answered add is there, once.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note, NotesPage } from '../../../src/protocol/api-types.ts';
import { devToken } from '../support/app-fixture.ts';
import { freshDatabase, type TestDatabase } from '../support/databases.ts';
import { devServeArgs, type ServerProcess, spawnServer } from '../support/spawn-server.ts';

const headers = {
  authorization: `Bearer ${devToken('w-two')}`,
  wid: 'w-two',
  rootorg: 'r',
  org: 'o',
  domain: 'd',
  'content-type': 'application/json',
};

const post = async (url: string, path: string, body: unknown, extra: Record<string, string> = {}) => {
  const r = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as unknown };
};

type Ctx = { db: TestDatabase; a: ServerProcess; b: ServerProcess; urls: string[] };
const it = suite<Ctx>('two notes-server processes on one PostgreSQL');
it.before(async (ctx) => {
  ctx.db = await freshDatabase('postgres');
  const args = devServeArgs(ctx.db.url, `${ctx.db.dir}/files`);
  ctx.a = spawnServer(args);
  ctx.b = spawnServer(args);
  ctx.urls = await Promise.all([ctx.a.url, ctx.b.url]);
});
it.after(async (ctx) => {
  await Promise.all([ctx.a?.stop(), ctx.b?.stop()]);
  await ctx.db?.drop();
});

it('200 concurrent adds with 50 keys across both: 50 notes, each answer its key’s note', async ({ urls }) => {
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      post(
        urls[i % 2] ?? '',
        '/notes/add',
        { refId: `k${i % 50}`, content: `<p>add ${i}</p>` },
        { 'idempotency-key': `key-${i % 50}` },
      ).then((r) => ({ ...r, key: i % 50 })),
    ),
  );
  assert.equal([...new Set(answers.map((a) => a.status))].sort(), [200, 201]);
  assert.is(answers.filter((a) => a.status === 201).length, 50);
  const byKey = new Map<number, string>();
  for (const a of answers) {
    const note = a.json as Note;
    assert.is(note.refId, `k${a.key}`, 'the note of this key');
    const seen = byKey.get(a.key);
    if (seen) assert.is(note.noteId, seen);
    else byKey.set(a.key, note.noteId);
  }
  const page = (await post(urls[0] ?? '', '/notes/fetch', { limit: 100 })).json as NotesPage;
  assert.is(page.total, 50);
});

it('20 concurrent updates on one version across both: one 200, nineteen 409', async ({ urls }) => {
  const note = (await post(urls[0] ?? '', '/notes/add', { refId: 'race', content: '<p>v1</p>' }))
    .json as Note;
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      post(urls[i % 2] ?? '', '/notes/update', { noteId: note.noteId, version: 1, content: `<p>${i}</p>` }),
    ),
  );
  assert.equal(answers.map((a) => a.status).sort(), [200, ...Array(19).fill(409)]);
});

it('kill -9 during a stream of writes: after a restart every answered add is there, once', async (ctx) => {
  const acknowledged: string[] = [];
  let stop = false;
  const writer = (async () => {
    for (let i = 0; !stop; i++) {
      try {
        const r = await post(
          ctx.urls[0] ?? '',
          '/notes/add',
          { refId: 'crash', content: `<p>${i}</p>` },
          { 'idempotency-key': `crash-${i}` },
        );
        if (r.status === 201) acknowledged.push((r.json as Note).noteId);
      } catch {
        return;
      }
    }
  })();
  while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 50));
  ctx.a.child.kill('SIGKILL');
  await ctx.a.exited;
  stop = true;
  await writer;
  const page = (await post(ctx.urls[1] ?? '', '/notes/fetch', { refId: 'crash', limit: 100 }))
    .json as NotesPage;
  const stored = page.notes.map((n) => n.noteId);
  assert.is(new Set(stored).size, stored.length, 'no add twice');
  for (const id of acknowledged) assert.ok(stored.includes(id), `${id} answered 201 and kept`);
});

it.run();
