/**
 * `kill -9` of notes-server on SQLite during a stream of keyed adds: after a restart on the same
 * file every add that was answered 201 is there, none twice, and retrying every key stores nothing
 * new (the key was durable with its note).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Note, NotesPage } from '../../../src/protocol/api-types.ts';
import { devToken } from '../support/app-fixture.ts';
import { devServeArgs, spawnServer } from '../support/spawn-server.ts';

const headers = {
  authorization: `Bearer ${devToken('w-crash')}`,
  wid: 'w-crash',
  rootorg: 'r',
  org: 'o',
  domain: 'd',
  'content-type': 'application/json',
};
const add = (url: string, i: number) =>
  fetch(`${url}/api/v1/notes/add`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': `crash-${i}` },
    body: JSON.stringify({ refId: 'crash', content: `<p>${i}</p>` }),
  });

test('kill -9 mid-stream on SQLite: every answered add survives once; retries store nothing new', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-crash-'));
  const args = devServeArgs(join(dir, 'n.db'), join(dir, 'f'));
  const first = spawnServer(args);
  let second: ReturnType<typeof spawnServer> | null = null;
  try {
    const url = await first.url;
    const acknowledged = new Map<number, string>();
    let sent = 0;
    const writers = Array.from({ length: 4 }, async () => {
      for (;;) {
        const i = sent++;
        try {
          const r = await add(url, i);
          if (r.status === 201) acknowledged.set(i, ((await r.json()) as Note).noteId);
        } catch {
          return;
        }
      }
    });
    while (acknowledged.size < 30) await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(writers);
    second = spawnServer(args);
    const again = await second.url;
    const page = (await (
      await fetch(`${again}/api/v1/notes/fetch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ limit: 100 }),
      })
    ).json()) as NotesPage;
    const stored = page.notes.map((n) => n.noteId);
    assert.is(new Set(stored).size, stored.length);
    for (const id of acknowledged.values()) assert.ok(stored.includes(id), id);
    for (let i = 0; i < sent; i++) {
      const r = await add(again, i);
      const note = (await r.json()) as Note;
      if (acknowledged.has(i)) assert.equal([r.status, note.noteId], [200, acknowledged.get(i)]);
    }
    const after = (await (
      await fetch(`${again}/api/v1/notes/fetch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ limit: 100 }),
      })
    ).json()) as NotesPage;
    assert.is(after.total, sent, 'exactly one note per key');
  } finally {
    await first.stop();
    if (second) {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
