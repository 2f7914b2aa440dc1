import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OldDataFileError, type RunningApi, startApi } from '../../../harness/api/server.ts';
import type { Note, NotesPage } from '../../../src/protocol/api-types.ts';
import { spawnApiChild } from './support/api-child-process.ts';
import {
  type Client,
  clientFor,
  headersFor,
  newNoteBody,
  seeded,
  TEST_SECRET,
  tempDir,
} from './support/api-fixture.ts';

/** The first line of the old mock API's JSON-lines data file. */
const OLD_HEADER = '{"format":"notes-harness","version":2}\n';

const start = (dataFile: string) => startApi({ dataFile, secret: TEST_SECRET });

/** Every note of a client's learner, via cursor pages. */
async function allNotes(c: Client): Promise<Note[]> {
  const out: Note[] = [];
  let cursor: string | null = null;
  do {
    const page = (await c.post('/notes/fetch', { limit: 100, order: 'oldest', cursor })).json as NotesPage;
    out.push(...page.notes);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

test('adds, updates and deletes survive a restart exactly', async () => {
  const { dir, remove } = await tempDir();
  const dataFile = join(dir, 'notes.db');
  let api: RunningApi | null = await start(dataFile);
  try {
    const c = clientFor(api, seeded(1));
    const added = (await c.post('/notes/add', newNoteBody({ tags: ['kept'] }))).json as Note;
    await c.post('/notes/update', { noteId: added.noteId, version: 1, content: '<p>edited</p>' });
    await c.post('/notes/delete', { noteId: 'seed-lukas-01' });
    const before = await allNotes(c);
    await api.close();
    api = await start(dataFile);
    const after = await allNotes(clientFor(api, seeded(1)));
    assert.equal(after, before);
    assert.ok(after.some((n) => n.noteId === added.noteId && n.version === 2 && n.text === 'edited'));
    assert.not.ok(after.some((n) => n.noteId === 'seed-lukas-01'));
  } finally {
    await api?.close();
    await remove();
  }
});

test('a broken or foreign data file makes startApi reject, naming the file, and leaves it untouched', async () => {
  const { dir, remove } = await tempDir();
  try {
    const cases: [string, Buffer][] = [
      ['foreign.json', Buffer.from('{"some":"other app"}\n')],
      ['binary.db', Buffer.from([0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x00, 0x01])],
      ['text.db', Buffer.from('notes, but not a database\n'.repeat(200))],
    ];
    for (const [name, bytes] of cases) {
      const path = join(dir, name);
      await writeFile(path, bytes);
      const err = await start(path).then(
        async (api) => {
          await api.close();
          return null;
        },
        (e: unknown) => e,
      );
      assert.instance(err, Error, name);
      assert.match((err as Error).message, path);
      assert.match((err as Error).message, 'left untouched');
      assert.ok((await readFile(path)).equals(bytes), `${name} unchanged`);
    }
  } finally {
    await remove();
  }
});

test('a busy port is a clear error with code EADDRINUSE', async () => {
  const { dir, remove } = await tempDir();
  const first = await start(join(dir, 'a.db'));
  try {
    const err = await startApi({
      dataFile: join(dir, 'b.db'),
      secret: TEST_SECRET,
      port: first.port,
    }).then(
      async (api) => {
        await api.close();
        return null;
      },
      (e: unknown) => e as NodeJS.ErrnoException,
    );
    assert.is(err?.code, 'EADDRINUSE');
    assert.match(err?.message ?? '', `Port ${first.port} on 127.0.0.1 is already in use`);
  } finally {
    await first.close();
    await remove();
  }
});

test('SIGKILL during concurrent adds: restart works and every acknowledged note is there', async () => {
  const { dir, remove } = await tempDir();
  const dataFile = join(dir, 'notes.db');
  const child = spawnApiChild(dataFile);
  let api: RunningApi | null = null;
  try {
    const url = await child.url;
    const user = seeded(0);
    const acked: string[] = [];
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await fetch(`${url}/api/v1/notes/add`, {
            method: 'POST',
            headers: headersFor(user),
            body: JSON.stringify(newNoteBody({ content: `<p>${w}-${i} ${'x'.repeat(2000)}</p>` })),
          });
          if (res.status === 201) acked.push(((await res.json()) as Note).noteId);
        } catch {
          return; // the server is gone
        }
        if (acked.length >= 150 && !killed) {
          killed = true;
          child.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, (_, w) => worker(w)));
    await child.exited;
    assert.ok(acked.length >= 150);
    api = await start(dataFile);
    const ids = new Set((await allNotes(clientFor(api, user))).map((n) => n.noteId));
    const lost = acked.filter((id) => !ids.has(id));
    assert.equal(lost, [], 'no acknowledged note is lost');
    assert.ok(ids.has('seed-asha-01'), 'the seed survived too');
  } finally {
    await child.stop();
    await api?.close();
    await remove();
  }
});

test("the old mock API's JSON-lines data file is refused untouched, and nothing is made beside it", async () => {
  const { dir, remove } = await tempDir();
  try {
    const path = join(dir, 'data.jsonl');
    const bytes = Buffer.from(`${OLD_HEADER}{"op":"put","owner":{},"note":{}}\n`);
    await writeFile(path, bytes);
    const err = await start(path).then(
      async (api) => {
        await api.close();
        return null;
      },
      (e: unknown) => e,
    );
    assert.instance(err, OldDataFileError);
    assert.match((err as Error).message, path);
    assert.match((err as Error).message, 'left untouched');
    assert.not.match((err as Error).message, '\n');
    assert.ok((await readFile(path)).equals(bytes), 'unchanged');
    assert.equal(await readdir(dir), ['data.jsonl']);
  } finally {
    await remove();
  }
});

test.run();
