/**
 * Group commit (server/src/store/wal-sync.ts): a caller is answered only by a sync that started
 * after it called (so after its commit); callers arriving while a sync runs share the next one;
 * a failed sync fails its callers and the next caller gets a fresh one. And a store opened by
 * openStore commits with synchronous=NORMAL and syncs the WAL itself, while connect() alone keeps
 * FULL.
 */
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from '../../../server/src/store/connect.ts';
import { openStore } from '../../../server/src/store/notes-store.ts';
import { keptFileSync, walSyncer } from '../../../server/src/store/wal-sync.ts';
import { makeNote } from '../support/store-notes.ts';

/** A sync function whose calls the test finishes by hand. */
function manualSync() {
  const calls: { path: string; finish(error?: Error): void }[] = [];
  const sync = (path: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ path, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, sync };
}

const settled = () => new Promise((r) => setImmediate(r));

test('a caller during a running sync waits for the next one, which later callers share', async () => {
  const { calls, sync } = manualSync();
  const durable = walSyncer('/x/notes.db-wal', sync);
  const done: string[] = [];
  const first = durable().then(() => done.push('first'));
  assert.is(calls.length, 1);
  assert.is(calls[0]?.path, '/x/notes.db-wal');
  const second = durable().then(() => done.push('second'));
  const third = durable().then(() => done.push('third'));
  assert.is(calls.length, 1, 'no second sync while one runs');
  calls[0]?.finish();
  await first;
  await settled();
  assert.equal(done, ['first'], 'the later callers were not covered by the first sync');
  assert.is(calls.length, 2, 'one sync for both later callers');
  calls[1]?.finish();
  await Promise.all([second, third]);
  assert.equal(done, ['first', 'second', 'third']);
  const fourth = durable();
  assert.is(calls.length, 3, 'idle again: a new caller starts a sync at once');
  calls[2]?.finish();
  await fourth;
});

test('a failed sync fails its callers; the next caller gets a fresh sync', async () => {
  const { calls, sync } = manualSync();
  const durable = walSyncer('/x/notes.db-wal', sync);
  const first = durable();
  const waiting = durable();
  calls[0]?.finish(new Error('EIO'));
  await first.then(
    () => assert.unreachable('the failed sync resolved'),
    (e: Error) => assert.is(e.message, 'EIO'),
  );
  await settled();
  assert.is(calls.length, 2, 'the waiting caller got its own sync');
  calls[1]?.finish();
  await waiting;
});

test('openStore commits with NORMAL and syncs the WAL; connect() alone keeps FULL', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-wal-sync-'));
  try {
    const file = join(dir, 'notes.db');
    const store = await openStore(file);
    const learner = { rootOrg: 'r', org: 'o', wid: 'w' };
    const note = makeNote({ noteId: 'n1' });
    const added = await store.add(learner, note, 'k1');
    assert.ok(added.created);
    assert.is((await store.get(learner, 'n1'))?.noteId, 'n1');
    await store.close();
    const plain = await connect(file);
    const mode = await sql<{ synchronous: number }>`pragma synchronous`.execute(plain.kysely);
    assert.is(mode.rows[0]?.synchronous, 2, 'FULL');
    assert.is(plain.durable, undefined);
    await plain.kysely.destroy();
    const grouped = await connect(file, { groupCommit: true });
    const groupedMode = await sql<{ synchronous: number }>`pragma synchronous`.execute(grouped.kysely);
    assert.is(groupedMode.rows[0]?.synchronous, 1, 'NORMAL');
    assert.type(grouped.durable, 'function');
    await grouped.release?.();
    await grouped.kysely.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keptFileSync: nothing to sync before the file exists; then one handle, closed at the end', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notes-wal-sync-'));
  try {
    const file = join(dir, 'notes.db-wal');
    const kept = keptFileSync(file);
    await kept.sync(); // no file yet: resolves
    writeFileSync(file, 'frames');
    await kept.sync();
    await kept.sync();
    const open = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
    assert.is(open.length, 1, 'one handle kept across syncs');
    await kept.close();
    const after = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
    assert.is(after.length, 0, 'closed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
