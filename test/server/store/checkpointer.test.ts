/**
 * Checkpoints off the request path (server/src/store/checkpointer.ts): the service's connection
 * never checkpoints by itself, a worker thread does, and the WAL still starts over under a steady
 * stream of adds (it would grow without end if nothing caught up); closing the store leaves no WAL
 * and every note in the file.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startCheckpointer } from '../../../server/src/store/checkpointer.ts';
import { connect } from '../../../server/src/store/connect.ts';
import { openStore } from '../../../server/src/store/notes-store.ts';
import { makeNote } from '../support/store-notes.ts';

const learner = { rootOrg: 'r', org: 'o', wid: 'w' };
/** About 19 kB of WAL per add (the note, its indexes, its key), as the bench's notes are. */
const TEXT = 'A note long enough to fill its pages. '.repeat(60);

test('the service connection leaves checkpoints to the worker; one-shot connections keep SQLite’s', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-checkpoint-'));
  try {
    const file = join(dir, 'notes.db');
    const grouped = await connect(file, { groupCommit: true });
    const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(grouped.kysely);
    assert.is(auto.rows[0]?.wal_autocheckpoint, 0);
    await grouped.release?.();
    await grouped.kysely.destroy();
    const plain = await connect(file);
    const plainAuto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      plain.kysely,
    );
    assert.is(plainAuto.rows[0]?.wal_autocheckpoint, 1000);
    assert.is(plain.release, undefined);
    await plain.kysely.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('under a steady stream of adds the WAL starts over; close leaves every note and no WAL', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-checkpoint-'));
  try {
    const file = join(dir, 'notes.db');
    const store = await openStore(file);
    const total = 4000; // ≈ 75 MB of WAL if it never started over
    const inFlight: Promise<unknown>[] = [];
    let largest = 0;
    for (let i = 0; i < total; i++) {
      inFlight.push(store.add(learner, makeNote({ noteId: `n${i}`, text: `${TEXT}${i}` }), `k${i}`));
      if (inFlight.length >= 10) await inFlight.shift();
      if (i % 200 === 0 && existsSync(`${file}-wal`))
        largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
    await Promise.all(inFlight);
    largest = Math.max(largest, statSync(`${file}-wal`).size);
    await store.close();
    assert.ok(largest < 45 * 1024 * 1024, `the WAL reached ${(largest / 1048576).toFixed(1)} MB`);
    assert.not.ok(existsSync(`${file}-wal`), 'the last connection checkpointed the WAL away');
    const check = new BetterSqlite3(file, { readonly: true });
    const count = check.prepare('select count(*) as n from notes').get() as { n: number };
    check.close();
    assert.is(count.n, total);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a worker that ends on its own gives the checkpoints back to the commits, and says so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-checkpoint-'));
  try {
    const file = join(dir, 'notes.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    const said: string[] = [];
    // A driver path that cannot load: the worker fails as it starts.
    const checkpointer = startCheckpointer(db, (m) => said.push(m), join(dir, 'no-such-driver.js'));
    for (let i = 0; i < 100 && !said.some((m) => m.includes('checkpoints are back')); i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.ok(
      said.some((m) => m.includes('checkpoints are back in the commits')),
      said.join(' | '),
    );
    assert.is(db.pragma('wal_autocheckpoint', { simple: true }), 1000);
    await checkpointer.stop();
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
