/**
 * Migrations on SQLite and PostgreSQL: a fresh database gets the latest schema, a second run is a
 * no-op, a database marked newer than the code is refused untouched with a clear message, an older
 * one is brought up with its data kept, and no migration can drop data. SQLite files that are not
 * notes databases are refused untouched.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from '../../../server/src/store/connect.ts';
import { migrate, schemaVersion } from '../../../server/src/store/migrate.ts';
import { LATEST_VERSION, MIGRATIONS } from '../../../server/src/store/migrations.ts';
import { openStore, StoreError } from '../../../server/src/store/notes-store.ts';
import { migrateDatabase } from '../../../server/src/store/operations.ts';
import { ENGINES, freshDatabase, setupOnce, type TestDatabase } from '../support/databases.ts';
import { makeNote } from '../support/store-notes.ts';

const rejects = async (work: () => Promise<unknown>, pattern: RegExp): Promise<void> => {
  try {
    await work();
  } catch (e) {
    assert.instance(e, StoreError);
    assert.match((e as Error).message, pattern);
    assert.not.match((e as Error).message, /\n/);
    return;
  }
  assert.unreachable('it was accepted');
};

const source = readFileSync(new URL('../../../server/src/store/migrations.ts', import.meta.url), 'utf8');

const plain = suite('migrations (source)');
plain('no migration drops, deletes or truncates anything', () => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  assert.not.match(code, /\.(drop\w*|deleteFrom|truncate\w*|renameTo|renameColumn|alterColumn)\s*\(/);
  assert.not.match(code, /\b(drop|delete|truncate)\s+(table|from|column|index|schema)\b/i);
});
plain('versions are 1, 2, 3… in order', () => {
  assert.equal(
    MIGRATIONS.map((m) => m.version),
    MIGRATIONS.map((_, i) => i + 1),
  );
});
plain.run();

for (const engine of ENGINES) {
  const test = suite(`migrations (${engine})`);
  let db: TestDatabase;

  setupOnce(test, async () => {
    db = await freshDatabase(engine);
  });
  test.after(async () => {
    await db?.drop();
  });

  test('an older database is brought up with its data kept; re-running is a no-op', async () => {
    const note = makeNote();
    const cloze = makeNote({ content: '<p>A <span class="cloze">hidden</span> word</p>' });
    const conn = await connect(db.url);
    try {
      assert.equal(await migrate(conn, 1), { from: 0, to: 1 });
      const learner = await conn.kysely
        .insertInto('learners')
        .values({ root_org: 'r', org: 'o', wid: 'w' })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const n of [note, cloze]) {
        await conn.kysely
          .insertInto('notes')
          .values({
            learner_id: learner.id,
            note_id: n.noteId,
            ref_id: note.refId,
            module_id: null,
            course_id: null,
            ref_title: '',
            module_title: null,
            course_title: null,
            domain: 'd',
            app_ref: null,
            display_name: 'n',
            content: n.content,
            text: n === note ? 'kept text' : 'cloze',
            anchor: null,
            tags: '[]',
            tag_keys: '\n',
            search: n === note ? 'kept text' : 'cloze',
            created_on: n.createdOn,
            updated_on: n.updatedOn,
            version: 1,
          })
          .execute();
      }
      assert.equal(await migrate(conn), { from: 1, to: LATEST_VERSION });
      assert.equal(await migrate(conn), { from: LATEST_VERSION, to: LATEST_VERSION });
      assert.is(await schemaVersion(conn), LATEST_VERSION);
    } finally {
      await conn.kysely.destroy();
    }
    assert.equal(await migrateDatabase(db.url), { from: LATEST_VERSION, to: LATEST_VERSION });
    const store = await openStore(db.url);
    try {
      const page = await store.fetch(
        { rootOrg: 'r', org: 'o', wid: 'w' },
        { order: 'newest', limit: 5, query: 'KEPT' },
      );
      assert.is(page.total, 1);
      assert.is(page.notes[0]!.text, 'kept text');
      // Migration 3: a note whose content already hid words is in review, due from its last change.
      const due = await store.fetch(
        { rootOrg: 'r', org: 'o', wid: 'w' },
        { order: 'due', review: 'due', dueBy: cloze.updatedOn, limit: 5 },
      );
      assert.equal(
        due.notes.map((n) => [n.noteId, n.inReview, n.review]),
        [[cloze.noteId, false, null]],
      );
    } finally {
      await store.close();
    }
  });

  test('a database newer than the code is refused, with a clear message, and left as it was', async () => {
    const conn = await connect(db.url);
    try {
      await conn.kysely
        .insertInto('schema_migrations')
        .values({
          version: LATEST_VERSION + 1,
          name: 'from the future',
          applied_on: new Date().toISOString(),
        })
        .execute();
    } finally {
      await conn.kysely.destroy();
    }
    const newer = new RegExp(
      `database is at schema version ${LATEST_VERSION + 1}, newer than this notes-server \\(which knows up to ${LATEST_VERSION}\\)`,
    );
    await rejects(() => openStore(db.url), newer);
    await rejects(() => migrateDatabase(db.url), newer);
    const check = await connect(db.url);
    try {
      assert.is(await schemaVersion(check), LATEST_VERSION + 1);
      const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(check.kysely);
      assert.is(Number(rows.rows[0]!.n), 2, 'the notes the first test stored, untouched');
    } finally {
      await check.kysely.destroy();
    }
  });

  test.run();
}

const files = suite('migrations (SQLite files that are not notes databases)');
let dir: TestDatabase;
setupOnce(files, async () => {
  dir = await freshDatabase('sqlite');
});
files.after(async () => {
  await dir?.drop();
});

files('a file that is not SQLite is refused and left byte for byte', async () => {
  const path = join(dir.dir, 'notes.jsonl');
  const bytes = '{"v":1,"put":{"noteId":"n"}}\n'.repeat(200);
  writeFileSync(path, bytes);
  await rejects(() => openStore(path), /is not a SQLite database; it was left untouched/);
  assert.is(readFileSync(path, 'utf8'), bytes);
});

files('another application’s SQLite database is refused untouched', async () => {
  const path = join(dir.dir, 'other-app.db');
  const other = new BetterSqlite3(path);
  other.exec(
    "create table customers (id integer primary key, name text); insert into customers (name) values ('x')",
  );
  other.close();
  await rejects(() => openStore(path), /holds tables but is not a notes database; it was left untouched/);
  const again = new BetterSqlite3(path, { readonly: true });
  const tables = again.prepare("select name from sqlite_master where type = 'table'").all() as {
    name: string;
  }[];
  again.close();
  assert.equal(
    tables.map((t) => t.name),
    ['customers'],
  );
});

files('a folder that does not exist is one clear line', async () => {
  await rejects(() => openStore(join(dir.dir, 'missing', 'notes.db')), /the folder of .* does not exist/);
});

files.run();
