/**
 * What must hold across processes, on SQLite (one file, WAL) and on PostgreSQL, each worker a
 * separate Node process on the same database (support/store-worker.ts): concurrent first opens
 * migrate once; 200 concurrent adds carrying 50 keys from two processes store exactly 50 notes and
 * every answer is its key's note; 20 concurrent updates on one version from two processes give one
 * win and 19 conflicts; 40 concurrent review ratings carrying 10 keys from two processes rate 10
 * times, each key answering one card; and after `kill -9` in the middle of a stream of adds, every
 * add that returned is there, none twice.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from '../../../server/src/store/connect.ts';
import { MIGRATIONS } from '../../../server/src/store/migrations.ts';
import { type Learner, type NotesStore, openStore } from '../../../server/src/store/notes-store.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { ENGINES, freshDatabase, setupOnce, type TestDatabase } from '../support/databases.ts';
import { makeNote } from '../support/store-notes.ts';
import { startWorker, type Worker } from '../support/worker-process.ts';

/** Starts workers, waits until every one has its store open, then lets them all go at once. */
async function together(workers: Worker[]): Promise<Record<string, unknown>[][]> {
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.go();
  return Promise.all(workers.map((w) => w.done));
}

async function allNotes(store: NotesStore, learner: Learner): Promise<Note[]> {
  const notes: Note[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.fetch(learner, { order: 'oldest', limit: 100, cursor });
    notes.push(...page.notes);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return notes;
}

for (const engine of ENGINES) {
  const test = suite(`store across processes (${engine})`);
  let db: TestDatabase;
  let store: NotesStore;

  setupOnce(test, async () => {
    db = await freshDatabase(engine);
  });
  test.after(async () => {
    await store?.close();
    await db?.drop();
  });

  test('three processes opening a new database at once migrate it once', async () => {
    await together([0, 1, 2].map(() => startWorker({ action: 'open', url: db.url })));
    const conn = await connect(db.url);
    try {
      const rows = await conn.kysely
        .selectFrom('schema_migrations')
        .select('version')
        .orderBy('version')
        .execute();
      assert.equal(
        rows.map((r) => r.version),
        MIGRATIONS.map((m) => m.version),
      );
    } finally {
      await conn.kysely.destroy();
    }
    store = await openStore(db.url);
  });

  test('200 concurrent adds with 50 keys from two processes: 50 notes, each answer its key’s note', async () => {
    const learner: Learner = { rootOrg: 'r', org: 'o', wid: `keys-${engine}` };
    const adds = Array.from({ length: 200 }, (_, i) => ({
      key: `k-${i % 50}`,
      noteId: `n-${i}`,
      text: `add ${i}`,
    }));
    const results = await together([
      startWorker({ action: 'adds', url: db.url, learner, adds: adds.slice(0, 100) }),
      startWorker({ action: 'adds', url: db.url, learner, adds: adds.slice(100) }),
    ]);
    const answers = results.flat() as { key: string; noteId: string; created: boolean }[];
    assert.is(answers.length, 200);
    const stored = await allNotes(store, learner);
    assert.is(stored.length, 50);
    const byKey = new Map<string, string>();
    for (const a of answers.filter((a) => a.created)) {
      assert.not.ok(byKey.has(a.key), `${a.key} created twice`);
      byKey.set(a.key, a.noteId);
    }
    assert.is(byKey.size, 50);
    for (const a of answers) assert.is(a.noteId, byKey.get(a.key), `${a.key} answered another note`);
    assert.equal(new Set(stored.map((n) => n.noteId)), new Set(byKey.values()));
  });

  test('20 concurrent updates on one version from two processes: exactly 1 ok, 19 conflicts', async () => {
    const learner: Learner = { rootOrg: 'r', org: 'o', wid: `updates-${engine}` };
    const note = makeNote();
    await store.add(learner, note, null);
    const job = { action: 'updates', url: db.url, learner, noteId: note.noteId, version: 1, count: 10 };
    const results = await together([startWorker({ ...job, tag: 'a' }), startWorker({ ...job, tag: 'b' })]);
    const kinds = results.flat().map((r) => r.kind);
    assert.is(kinds.length, 20);
    assert.is(kinds.filter((k) => k === 'ok').length, 1);
    assert.is(kinds.filter((k) => k === 'conflict').length, 19);
    const after = await store.get(learner, note.noteId);
    assert.is(after!.version, 2);
    assert.match(after!.text, /^[ab]-\d$/);
  });

  test('40 concurrent ratings with 10 keys from two processes: rated 10 times, one card per key', async () => {
    const learner: Learner = { rootOrg: 'r', org: 'o', wid: `rates-${engine}` };
    const note = makeNote({ inReview: true });
    await store.add(learner, note, null);
    const rates = Array.from({ length: 40 }, (_, i) => ({ key: `r-${i % 10}`, rating: 3 as const }));
    const job = { action: 'rates', url: db.url, learner, noteId: note.noteId, reviewedOn: note.createdOn };
    const results = await together([
      startWorker({ ...job, rates: rates.slice(0, 20) }),
      startWorker({ ...job, rates: rates.slice(20) }),
    ]);
    const answers = results.flat() as { key: string; kind: string; reps: number; card: string }[];
    assert.is(answers.length, 40);
    assert.ok(answers.every((a) => a.kind === 'ok'));
    const byKey = new Map<string, string>();
    for (const a of answers) {
      const seen = byKey.get(a.key);
      if (seen === undefined) byKey.set(a.key, a.card);
      else assert.is(a.card, seen, `${a.key} answered two cards`);
    }
    const reps = answers.map((a) => a.reps);
    assert.equal(
      [...new Set(reps)].sort((x, y) => x - y),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
    const after = await store.get(learner, note.noteId);
    assert.is(after?.review?.reps, 10);
    assert.is(after?.version, 1, 'ratings never change the version');
  });

  test('kill -9 during a stream of adds: every add that returned is there, none twice', async () => {
    const learner: Learner = { rootOrg: 'r', org: 'o', wid: `crash-${engine}` };
    const worker = startWorker({ action: 'stream', url: db.url, learner });
    await worker.ready;
    worker.go();
    await worker.atLeast(60);
    worker.child.kill('SIGKILL');
    await worker.done.catch(() => {});
    const answered = worker.lines.map((l) => l.i as number);
    assert.ok(answered.length >= 60);
    await store.close();
    store = await openStore(db.url); // a restart
    const texts = (await allNotes(store, learner)).map((n) => n.text);
    assert.is(new Set(texts).size, texts.length, 'no add stored twice');
    for (const i of answered) assert.ok(texts.includes(`stream ${i}`), `answered add ${i} is missing`);
    assert.ok(texts.length <= answered.length + 1, 'at most the one unanswered add in flight');
    // The add in flight when the process died, retried with its key, is stored exactly once.
    const next = answered.length;
    const at = new Date().toISOString();
    const retry = makeNote({ text: `stream ${next}`, createdOn: at, updatedOn: at });
    const { created } = await store.add(learner, retry, `s-${next}`);
    const again = (await allNotes(store, learner)).filter((n) => n.text === `stream ${next}`);
    assert.is(again.length, 1);
    assert.is(created, !texts.includes(`stream ${next}`));
  });

  test.run();
}
