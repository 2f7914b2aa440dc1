/**
 * The store's writes and scoping, the same cases on SQLite and on PostgreSQL: adds with and without
 * Idempotency-Keys (expiry included), compare-and-set updates, deletes, learner isolation, file
 * records, retire. Cross-process concurrency is in processes.test.ts, reads against the mock in
 * queries.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type Learner,
  type NotesStore,
  notesArrayJson,
  openStore,
  UnstorableNoteError,
} from '../../../server/src/store/notes-store.ts';
import { ENGINES, freshDatabase, setupOnce, type TestDatabase } from '../support/databases.ts';
import { makeNote } from '../support/store-notes.ts';

const HOUR = 3_600_000;

for (const engine of ENGINES) {
  const test = suite(`store writes (${engine})`);
  let db: TestDatabase;
  let store: NotesStore;
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  let n = 0;
  const fresh = (): Learner => ({ rootOrg: 'root', org: 'org', wid: `w-${engine}-${++n}` });
  /** A note created now by the test clock, so a key stored with it is live. */
  const live = (o: Parameters<typeof makeNote>[0] = {}) =>
    makeNote({ createdOn: new Date(clock).toISOString(), updatedOn: new Date(clock).toISOString(), ...o });

  setupOnce(test, async () => {
    db = await freshDatabase(engine);
    store = await openStore(db.url, { now: () => new Date(clock) });
  });
  test.after(async () => {
    await store?.close();
    await db?.drop();
  });

  test('an add stores the note as given and get returns it', async () => {
    const me = fresh();
    const note = makeNote({ anchor: { kind: 'time', seconds: 12.25 }, tags: ['Exam', 'हिंदी'], appRef: 'a' });
    const added = await store.add(me, note, null);
    assert.equal(added, { note, created: true });
    assert.equal(await store.get(me, note.noteId), note);
    assert.is(await store.get(me, 'nope'), null);
  });

  test("every read gives the note as written, and a page's JSON has its fields in the API's order", async () => {
    const me = fresh();
    const awkward = 'quote " backslash \\ tab \t newline \n bell \u0007 </script> ☃ 😀 العربية हिंदी \u2028';
    const plain = makeNote({ moduleId: null, courseId: null, moduleTitle: null, courseTitle: null });
    const rich = makeNote({
      refTitle: awkward,
      content: `<p>${awkward}</p>`,
      text: awkward,
      appRef: 'app/ref?x=1&y="2"',
      anchor: { kind: 'page', page: 4 },
      tags: ['Exam', 'say "hi"', 'a\\b', 'हिंदी'],
      version: 7,
      inReview: true,
    });
    await store.add(me, plain, null);
    await store.add(me, rich, null);
    const rated = await store.rate(me, { noteId: rich.noteId, rating: 3, reviewedOn: new Date(clock) }, null);
    assert.is(rated.kind, 'ok');
    const reviewed = rated.kind === 'ok' ? rated.note : rich;
    assert.ok(reviewed.review !== null, 'the rating gave the note a card');
    const apiOrder = Object.keys(plain);
    for (const expected of [plain, reviewed]) {
      const got = await store.get(me, expected.noteId);
      assert.equal(got, expected);
      assert.equal(Object.keys(got ?? {}), apiOrder);
    }
    const page = await store.fetchJson(me, { order: 'oldest', limit: 10 });
    const parsed = JSON.parse(notesArrayJson(page.notes)) as Record<string, unknown>[];
    assert.equal(parsed, [plain, reviewed]);
    for (const note of parsed) {
      assert.equal(Object.keys(note), apiOrder);
      assert.is(typeof note.version, 'number');
      assert.is(typeof note.inReview, 'boolean');
    }
    const byPath = await store.fetchByPathJson(me, {
      courseId: null,
      moduleId: null,
      refId: null,
      flag: true,
      limit: 10,
      offset: 0,
      order: 'oldest',
    });
    assert.is(notesArrayJson(byPath.notes), notesArrayJson(page.notes));
  });

  test('without a key every add stores a note', async () => {
    const me = fresh();
    await store.add(me, makeNote(), null);
    await store.add(me, makeNote(), null);
    assert.is((await store.fetch(me, { order: 'newest', limit: 10 })).total, 2);
  });

  test('a key used again answers the first note (even after an edit or delete) and stores nothing', async () => {
    const me = fresh();
    const first = makeNote({
      createdOn: new Date(clock).toISOString(),
      updatedOn: new Date(clock).toISOString(),
    });
    assert.equal(await store.add(me, first, 'key-1'), { note: first, created: true });
    const again = await store.add(me, makeNote({ text: 'other body' }), 'key-1');
    assert.equal(again, { note: first, created: false });
    const edited = await store.update(me, first.noteId, 1, (c) => ({ ...c, text: 'edited', version: 2 }));
    assert.is(edited.kind, 'ok');
    assert.equal((await store.add(me, makeNote(), 'key-1')).note, first);
    assert.equal(await store.remove(me, first.noteId, null), { kind: 'ok' });
    assert.equal(await store.add(me, makeNote(), 'key-1'), { note: first, created: false });
    assert.is((await store.fetch(me, { order: 'newest', limit: 10 })).total, 0);
  });

  test('concurrent adds with one key in one process store one note, every answer carries it', async () => {
    const me = fresh();
    const answers = await Promise.all(Array.from({ length: 20 }, () => store.add(me, live(), 'same-key')));
    assert.is(answers.filter((a) => a.created).length, 1);
    const stored = answers.find((a) => a.created)!.note;
    for (const a of answers) assert.equal(a.note, stored);
    const page = await store.fetch(me, { order: 'newest', limit: 50 });
    assert.equal(page.notes, [stored]);
  });

  test('a key lives 24 hours from its note, then the same key stores a new note', async () => {
    const me = fresh();
    const start = clock;
    const first = makeNote({
      createdOn: new Date(start).toISOString(),
      updatedOn: new Date(start).toISOString(),
    });
    await store.add(me, first, 'aging');
    clock = start + 24 * HOUR - 1;
    assert.equal(await store.add(me, makeNote(), 'aging'), { note: first, created: false });
    clock = start + 24 * HOUR;
    const second = makeNote({
      createdOn: new Date(clock).toISOString(),
      updatedOn: new Date(clock).toISOString(),
    });
    assert.equal(await store.add(me, second, 'aging'), { note: second, created: true });
    assert.equal(await store.add(me, makeNote(), 'aging'), { note: second, created: false });
    assert.is((await store.fetch(me, { order: 'newest', limit: 10 })).total, 2);
    clock = start;
  });

  test('keys belong to a learner: the same key from another learner is another add', async () => {
    const a = fresh();
    const b = { ...a, org: 'other-org' };
    const na = live();
    const nb = live();
    assert.ok((await store.add(a, na, 'shared')).created);
    assert.ok((await store.add(b, nb, 'shared')).created);
    assert.equal((await store.add(b, makeNote(), 'shared')).note, nb);
  });

  test('update: compare-and-set on version; stale → conflict with the current note; missing', async () => {
    const me = fresh();
    const note = makeNote({ tags: ['a'] });
    await store.add(me, note, null);
    const later = '2026-06-01T00:00:00.000Z';
    const ok = await store.update(me, note.noteId, 1, (c) => ({
      ...c,
      text: 'Grüße',
      tags: ['B'],
      anchor: { kind: 'page', page: 3 },
      updatedOn: later,
      version: c.version + 1,
    }));
    const expected = {
      ...note,
      text: 'Grüße',
      tags: ['B'],
      anchor: { kind: 'page' as const, page: 3 },
      updatedOn: later,
      version: 2,
    };
    assert.equal(ok, { kind: 'ok', note: expected });
    assert.equal(await store.get(me, note.noteId), expected);
    const stale = await store.update(me, note.noteId, 1, (c) => ({ ...c, text: 'lost', version: 2 }));
    assert.equal(stale, { kind: 'conflict', current: expected });
    assert.equal(await store.update(me, 'missing', 1, (c) => c), { kind: 'missing' });
    const searched = await store.fetch(me, { order: 'newest', limit: 5, query: 'GRÜSSE'.toLowerCase() });
    assert.is(searched.total, 0, 'ß is not folded to ss by search (as the mock)');
    assert.is((await store.fetch(me, { order: 'newest', limit: 5, query: 'GRÜßE' })).total, 1);
    assert.is((await store.fetch(me, { order: 'newest', limit: 5, tags: ['b'] })).total, 1);
    assert.is((await store.fetch(me, { order: 'newest', limit: 5, tags: ['a'] })).total, 0);
  });

  test('concurrent updates on one version in one process: exactly one wins', async () => {
    const me = fresh();
    const note = makeNote();
    await store.add(me, note, null);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.update(me, note.noteId, 1, (c) => ({ ...c, text: `try ${i}`, version: c.version + 1 })),
      ),
    );
    assert.is(outcomes.filter((o) => o.kind === 'ok').length, 1);
    assert.is(outcomes.filter((o) => o.kind === 'conflict').length, 19);
    assert.is((await store.get(me, note.noteId))!.version, 2);
  });

  test('remove: unconditional, by current version, stale version → conflict, missing', async () => {
    const me = fresh();
    const a = makeNote();
    const b = makeNote({ version: 3 });
    await store.add(me, a, null);
    await store.add(me, b, null);
    assert.equal(await store.remove(me, a.noteId, null), { kind: 'ok' });
    assert.equal(await store.remove(me, a.noteId, null), { kind: 'missing' });
    assert.equal(await store.remove(me, b.noteId, 2), { kind: 'conflict', current: b });
    assert.equal(await store.remove(me, b.noteId, 3), { kind: 'ok' });
    assert.is(await store.get(me, b.noteId), null);
  });

  test('learners are isolated: the same wid under another org or rootOrg sees nothing', async () => {
    const me = fresh();
    const others: Learner[] = [
      { ...me, org: 'elsewhere' },
      { ...me, rootOrg: 'other-root' },
      { ...me, wid: `${me.wid}x` },
    ];
    const note = makeNote({ courseId: 'iso-course', moduleId: 'iso-mod', refId: 'iso-ref', tags: ['t'] });
    await store.add(me, note, 'iso-key');
    for (const o of others) {
      assert.is(await store.get(o, note.noteId), null);
      assert.equal(await store.update(o, note.noteId, 1, (c) => ({ ...c, version: 2 })), { kind: 'missing' });
      assert.equal(await store.remove(o, note.noteId, null), { kind: 'missing' });
      assert.equal(await store.fetch(o, { order: 'newest', limit: 10 }), {
        notes: [],
        total: 0,
        nextCursor: null,
      });
      const path = {
        courseId: 'iso-course',
        moduleId: null,
        refId: null,
        flag: true,
        limit: 10,
        offset: 0,
        order: 'newest' as const,
      };
      assert.equal(await store.fetchByPath(o, path), { notes: [], total: 0, nextCursor: null });
      assert.equal(await store.recent(o), []);
      assert.equal(await store.courses(o), []);
      assert.equal(await store.collection(o, 'iso-course', null), {
        courseId: 'iso-course',
        courseTitle: '',
        modules: [],
      });
    }
    assert.equal(await store.get(me, note.noteId), note);
    assert.is((await store.recent(me)).length, 1);
  });

  test('two learners may hold the same noteId without touching each other', async () => {
    const a = fresh();
    const b = fresh();
    const na = makeNote({ noteId: 'same-id', text: 'a' });
    const nb = makeNote({ noteId: 'same-id', text: 'b' });
    await store.add(a, na, null);
    await store.add(b, nb, null);
    await store.remove(a, 'same-id', null);
    assert.equal(await store.get(b, 'same-id'), nb);
  });

  test('files: recorded per learner, summed for the quota, found by name', async () => {
    const me = fresh();
    const other = { ...me, org: 'x' };
    await store.addFile(me, {
      name: `f-${engine}-1.png`,
      size: 1000,
      type: 'image/png',
      createdOn: '2026-01-01T00:00:00.000Z',
    });
    await store.addFile(me, {
      name: `f-${engine}-2.gif`,
      size: 234,
      type: 'image/gif',
      createdOn: '2026-01-02T00:00:00.000Z',
    });
    assert.is(await store.fileBytes(me), 1234);
    assert.is(await store.fileBytes(other), 0);
    assert.equal(await store.fileByName(`f-${engine}-2.gif`), {
      name: `f-${engine}-2.gif`,
      size: 234,
      type: 'image/gif',
      createdOn: '2026-01-02T00:00:00.000Z',
    });
    assert.is(await store.fileByName('nope.png'), null);
  });

  test('retire erases the learner’s notes, keys and file records, counts them, and leaves others alone', async () => {
    const me = fresh();
    const neighbour = { ...me, org: 'neighbour' };
    await store.add(me, makeNote(), 'r-1');
    await store.add(me, makeNote(), 'r-2');
    await store.add(me, makeNote(), null);
    await store.addFile(me, {
      name: `r-${engine}.png`,
      size: 10,
      type: 'image/png',
      createdOn: '2026-01-01T00:00:00.000Z',
    });
    const kept = makeNote();
    await store.add(neighbour, kept, 'r-1');
    assert.equal(await store.retire(me), { notes: 3, keys: 2, files: [`r-${engine}.png`] });
    assert.is((await store.fetch(me, { order: 'newest', limit: 10 })).total, 0);
    assert.is(await store.fileBytes(me), 0);
    assert.is(await store.fileByName(`r-${engine}.png`), null);
    assert.equal(await store.retire(me), { notes: 0, keys: 0, files: [] });
    assert.equal(await store.get(neighbour, kept.noteId), kept);
    const reborn = makeNote();
    assert.equal(
      await store.add(me, reborn, 'r-1'),
      { note: reborn, created: true },
      'the erased key is gone',
    );
  });

  test('U+0000 in any string is refused on both databases, and nothing is stored', async () => {
    const me = fresh();
    for (const bad of [{ text: 'a\u0000b' }, { refTitle: '\u0000' }, { tags: ['ok', 'x\u0000'] }]) {
      try {
        await store.add(me, live(bad), 'nul-key');
        assert.unreachable('stored');
      } catch (e) {
        assert.instance(e, UnstorableNoteError);
        assert.match((e as Error).message, /contains the character U\+0000/);
      }
    }
    const note = live();
    assert.ok((await store.add(me, note, 'nul-key')).created, 'the refused adds left no key behind');
    try {
      await store.update(me, note.noteId, 1, (c) => ({ ...c, content: '<p>\u0000</p>', version: 2 }));
      assert.unreachable('updated');
    } catch (e) {
      assert.instance(e, UnstorableNoteError);
    }
    assert.equal(await store.get(me, note.noteId), note);
  });

  test('ready answers true while open', async () => {
    assert.is(await store.ready(), true);
  });

  test.run();
}
