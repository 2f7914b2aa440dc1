/**
 * The operator's commands: backup (SQLite's online backup while another process writes; the
 * pg_dump command for PostgreSQL), retire by URL beside an open store, and copy SQLite →
 * PostgreSQL → SQLite with every table equal at the end.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { seedData } from '../../../harness/api/seed.ts';
import { connect } from '../../../server/src/store/connect.ts';
import { LATEST_VERSION } from '../../../server/src/store/migrations.ts';
import { type Learner, openStore, StoreError } from '../../../server/src/store/notes-store.ts';
import { backupDatabase, copyDatabase, retireFromDatabase } from '../../../server/src/store/operations.ts';
import { ENGINES, freshDatabase, setupOnce, type TestDatabase } from '../support/databases.ts';
import { generatedNotes, makeNote } from '../support/store-notes.ts';
import { startWorker } from '../support/worker-process.ts';

const rejects = async (work: () => Promise<unknown>, pattern: RegExp): Promise<void> => {
  try {
    await work();
  } catch (e) {
    assert.instance(e, StoreError);
    assert.match((e as Error).message, pattern);
    return;
  }
  assert.unreachable('it was accepted');
};

/** Every row of every table, in primary-key order, as plain values. */
async function dump(url: string): Promise<Record<string, unknown[]>> {
  const db = await connect(url, { create: false });
  try {
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
      );
    return {
      learners: norm(await db.kysely.selectFrom('learners').selectAll().orderBy('id').execute()),
      notes: norm(
        await db.kysely.selectFrom('notes').selectAll().orderBy('learner_id').orderBy('note_id').execute(),
      ),
      idempotency_keys: norm(
        (
          await db.kysely
            .selectFrom('idempotency_keys')
            .selectAll()
            .orderBy('learner_id')
            .orderBy('key')
            .execute()
        ).map((r) => ({ ...r, stored_ms: Number(r.stored_ms) })),
      ),
      files: norm(
        (await db.kysely.selectFrom('files').selectAll().orderBy('name').execute()).map((r) => ({
          ...r,
          size: Number(r.size),
        })),
      ),
    };
  } finally {
    await db.kysely.destroy();
  }
}

const backup = suite('backup');
let sqliteDb: TestDatabase;
setupOnce(backup, async () => {
  sqliteDb = await freshDatabase('sqlite');
});
backup.after(async () => {
  await sqliteDb?.drop();
});

backup(
  'SQLite: an online backup while another process keeps adding is a complete, readable database',
  async () => {
    const learner: Learner = { rootOrg: 'r', org: 'o', wid: 'backup' };
    const writer = startWorker({ action: 'stream', url: sqliteDb.url, learner });
    try {
      await writer.ready;
      writer.go();
      await writer.atLeast(20);
      const answeredBefore = writer.lines.length;
      const file = join(sqliteDb.dir, 'backup.db');
      const result = await backupDatabase(sqliteDb.url, file);
      await writer.atLeast(answeredBefore + 10); // the writer was never blocked for long
      assert.equal(result.kind, 'sqlite');
      assert.ok(result.kind === 'sqlite' && result.bytes > 0);
      const copy = new BetterSqlite3(file, { readonly: true });
      assert.is(copy.pragma('integrity_check', { simple: true }), 'ok');
      copy.close();
      const restored = await openStore(file);
      try {
        const page = await restored.fetch(learner, { order: 'oldest', limit: 100 });
        assert.ok(page.total >= answeredBefore, `${page.total} notes, ${answeredBefore} answered before`);
        assert.equal(
          page.notes.map((n) => n.text),
          page.notes.map((_, i) => `stream ${i}`),
        );
      } finally {
        await restored.close();
      }
      await rejects(
        () => backupDatabase(sqliteDb.url, file),
        /already exists; backup writes only a new file/,
      );
    } finally {
      writer.child.kill('SIGKILL');
      await writer.done.catch(() => {});
    }
  },
);

backup('SQLite: a missing database is refused, and no backup file is made', async () => {
  const file = join(sqliteDb.dir, 'never.db');
  await rejects(() => backupDatabase(join(sqliteDb.dir, 'absent.db'), file), /no database at/);
  assert.not.ok(existsSync(file));
});

backup('PostgreSQL: backup answers the pg_dump command, without the password', async () => {
  const result = await backupDatabase(
    'postgres://notes:s3cret@db.internal:5433/notes',
    '/backups/notes.dump',
  );
  assert.equal(result, {
    kind: 'postgres',
    command: "pg_dump --format=custom --file='/backups/notes.dump' 'postgres://notes@db.internal:5433/notes'",
  });
});
backup.run();

for (const engine of ENGINES) {
  const test = suite(`retire by URL (${engine})`);
  let db: TestDatabase;
  setupOnce(test, async () => {
    db = await freshDatabase(engine);
  });
  test.after(async () => {
    await db?.drop();
  });
  test('retire from another connection while a store is open erases the learner and reports counts', async () => {
    const serving = await openStore(db.url);
    try {
      const me: Learner = { rootOrg: 'igot', org: 'igot', wid: 'leaving' };
      const stays: Learner = { rootOrg: 'igot', org: 'other', wid: 'leaving' };
      const at = new Date().toISOString();
      await serving.add(me, makeNote({ createdOn: at, updatedOn: at }), 'k1');
      await serving.add(me, makeNote(), null);
      await serving.add(stays, makeNote(), null);
      await serving.addFile(me, { name: 'a.png', size: 5, type: 'image/png', createdOn: at });
      await serving.addFile(me, { name: 'b.webp', size: 7, type: 'image/webp', createdOn: at });
      assert.equal(await retireFromDatabase(db.url, me), { notes: 2, keys: 1, files: ['a.png', 'b.webp'] });
      assert.is((await serving.fetch(me, { order: 'newest', limit: 10 })).total, 0);
      assert.is((await serving.fetch(stays, { order: 'newest', limit: 10 })).total, 1);
      assert.is(await serving.fileBytes(me), 0);
      const back = makeNote();
      assert.ok((await serving.add(me, back, null)).created, 'the serving store still works for them');
    } finally {
      await serving.close();
    }
  });
  test.run();
}

const copy = suite('copy SQLite → PostgreSQL → SQLite');
let first: TestDatabase;
let middle: TestDatabase;
let last: TestDatabase;
setupOnce(copy, async () => {
  first = await freshDatabase('sqlite');
  middle = await freshDatabase('postgres');
  last = await freshDatabase('sqlite');
});
copy.after(async () => {
  await first?.drop();
  await middle?.drop();
  await last?.drop();
});

copy('every table comes back equal, and the copy is a working database', async () => {
  const store = await openStore(first.url);
  const gen: Learner = { rootOrg: 'g', org: 'g', wid: 'g' };
  try {
    for (const { owner, note } of seedData(() => new Date('2026-02-01T00:00:00.000Z'))) {
      await store.add(owner, note, `seed-${note.noteId}`);
    }
    for (const note of generatedNotes(700)) await store.add(gen, note, null);
    await store.addFile(gen, {
      name: 'g.png',
      size: 123,
      type: 'image/png',
      createdOn: '2026-01-01T00:00:00.000Z',
    });
    await store.retire({ rootOrg: 'wingspan', org: 'olympics-academy', wid: 'wid-amira-91d4' }); // a gap in ids
  } finally {
    await store.close();
  }
  const there = await copyDatabase(first.url, middle.url);
  const before = await dump(first.url);
  assert.equal(there, {
    learners: before.learners!.length,
    notes: before.notes!.length,
    idempotencyKeys: before.idempotency_keys!.length,
    files: 1,
  });
  assert.ok(before.notes!.length > 700);
  assert.equal(await dump(middle.url), before);
  await copyDatabase(middle.url, last.url);
  assert.equal(await dump(last.url), before);

  const onPg = await openStore(middle.url);
  try {
    const page = await onPg.fetch(gen, { order: 'newest', limit: 5, query: 'straße' });
    assert.ok(page.total > 0);
    const newcomer: Learner = { rootOrg: 'n', org: 'n', wid: 'new' };
    assert.ok(
      (await onPg.add(newcomer, makeNote(), null)).created,
      'new learners get fresh ids after a copy',
    );
  } finally {
    await onPg.close();
  }
  const version = await connect(last.url);
  try {
    const rows = await version.kysely.selectFrom('schema_migrations').select('version').execute();
    assert.is(Math.max(...rows.map((r) => r.version)), LATEST_VERSION);
  } finally {
    await version.kysely.destroy();
  }
});

copy('copy refuses a target that holds notes data, and a source that does not exist', async () => {
  await rejects(
    () => copyDatabase(first.url, middle.url),
    /already holds notes data; copy only into an empty database/,
  );
  await rejects(() => copyDatabase(join(first.dir, 'absent.db'), last.url), /no database at/);
  await rejects(() => copyDatabase(first.url, first.url), /name the same database/);
});
copy.run();
