import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningApi, startApi } from '../../../harness/api/server.ts';
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

const start = (dataFile: string) => startApi({ dataFile, secret: TEST_SECRET });
const key = (k: string) => ({ 'idempotency-key': k });

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

test('a key survives a clean restart, and an edit of its note', async () => {
  const { dir, remove } = await tempDir();
  const dataFile = join(dir, 'notes.db');
  let api: RunningApi | null = await start(dataFile);
  try {
    let c = clientFor(api, seeded(0));
    const first = (await c.post('/notes/add', newNoteBody(), key('restart-1'))).json as Note;
    await api.close();
    api = await start(dataFile);
    c = clientFor(api, seeded(0));
    const replay = await c.post('/notes/add', newNoteBody(), key('restart-1'));
    assert.equal([replay.status, replay.json], [200, first]);
    // After an edit and another restart the key still answers the note as first stored.
    await c.post('/notes/update', { noteId: first.noteId, version: 1, text: 'edited' });
    await api.close();
    api = await start(dataFile);
    c = clientFor(api, seeded(0));
    const afterCompaction = await c.post('/notes/add', newNoteBody(), key('restart-1'));
    assert.equal([afterCompaction.status, afterCompaction.json], [200, first]);
    assert.is((await allNotes(c)).filter((n) => n.noteId === first.noteId).length, 1);
  } finally {
    await api?.close();
    await remove();
  }
});

test('SIGKILL during keyed adds: after the restart, retrying every key leaves exactly one note per key', async () => {
  const { dir, remove } = await tempDir();
  const dataFile = join(dir, 'notes.db');
  const child = spawnApiChild(dataFile);
  let api: RunningApi | null = null;
  try {
    const url = await child.url;
    const user = seeded(0);
    const acked = new Map<string, string>(); // key → noteId the server confirmed
    const tried: string[] = [];
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const k = `kill-${w}-${i}`;
        tried.push(k);
        try {
          const res = await fetch(`${url}/api/v1/notes/add`, {
            method: 'POST',
            headers: { ...headersFor(user), ...key(k) },
            body: JSON.stringify(newNoteBody({ text: k, content: `<p>${k} ${'x'.repeat(2000)}</p>` })),
          });
          if (res.status === 201) acked.set(k, ((await res.json()) as Note).noteId);
        } catch {
          return; // the server is gone
        }
        if (acked.size >= 100 && !killed) {
          killed = true;
          child.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
    await child.exited;
    api = await start(dataFile);
    const c = clientFor(api, user);
    // The learner's app retries every add it has not seen confirmed, and acked ones too.
    for (const k of tried) {
      const res = await c.post('/notes/add', newNoteBody({ text: k }), key(k));
      assert.ok(res.status === 200 || res.status === 201, `${k}: ${res.status}`);
      const id = acked.get(k);
      if (id) assert.equal([res.status, (res.json as Note).noteId], [200, id], `${k} was acknowledged`);
    }
    const texts = (await allNotes(c)).map((n) => n.text).filter((t) => t.startsWith('kill-'));
    assert.is(texts.length, tried.length, 'one note per key');
    assert.is(new Set(texts).size, tried.length, 'no key twice');
  } finally {
    await child.stop();
    await api?.close();
    await remove();
  }
});

test.run();
