/**
 * Every read of the store against the old mock's own query functions (support/mock-query.ts, and
 * the collections it shared with the store) on the same notes, on SQLite and on PostgreSQL: the seeded learners plus 400
 * generated notes in six languages with tied timestamps. Each filter, order and page walk must give
 * the mock's notes, total and nextCursor exactly (the cursor format is the mock's, so its
 * decodeCursor reads ours).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { seedData } from '../../../harness/api/seed.ts';
import { decodeCursor as mockDecodeCursor } from '../../../server/src/store/cursor.ts';
import {
  BadCursorError,
  type FetchQuery,
  type Learner,
  type NotesStore,
  openStore,
} from '../../../server/src/store/notes-store.ts';
import type { Note, NoteOrder } from '../../../src/protocol/api-types.ts';
import { ENGINES, freshDatabase, setupOnce, type TestDatabase } from '../support/databases.ts';
import { collectCourse, listCourses } from '../support/mock-collections.ts';
import {
  compareNotes,
  cursorPage,
  type FetchQuery as MockFetchQuery,
  offsetPage,
} from '../support/mock-query.ts';
import { generatedNotes, makeNote } from '../support/store-notes.ts';

const ORDERS: NoteOrder[] = ['newest', 'oldest', 'updated'];
const GEN: Learner = { rootOrg: 'gen-root', org: 'gen-org', wid: 'gen-wid' };
const SEEDED = seedData(() => new Date('2026-02-01T12:00:00.000Z'));
const GENERATED = generatedNotes(400);

type Spec = Omit<FetchQuery, 'order' | 'limit' | 'cursor'>;

const mockQuery = (
  spec: Spec,
  order: NoteOrder,
  limit: number,
  cursor: string | undefined,
): MockFetchQuery => {
  let after = null;
  if (cursor !== undefined) {
    const decoded = mockDecodeCursor(cursor, order);
    if (!decoded.ok) throw new Error(`the mock can't read our cursor: ${decoded.error}`);
    after = decoded.position;
  }
  return {
    refId: spec.refId ?? null,
    moduleId: spec.moduleId ?? null,
    courseId: spec.courseId ?? null,
    query: spec.query?.trim() ? spec.query.trim() : null,
    tags: spec.tags ?? [],
    order,
    limit,
    after,
  };
};

/** The filters to try on a learner's notes: none, each id, tags, queries in every script, combinations. */
function specsFor(notes: Note[]): Spec[] {
  const distinct = <T>(xs: T[]) => [...new Set(xs)];
  const refs = distinct(notes.map((n) => n.refId)).slice(0, 6);
  const modules = distinct(notes.flatMap((n) => (n.moduleId ? [n.moduleId] : [])));
  const courses = distinct(notes.flatMap((n) => (n.courseId ? [n.courseId] : [])));
  const tags = distinct(notes.flatMap((n) => n.tags));
  const queries = [
    'the',
    'THE COST',
    'रेखा',
    'हिंदी',
    'été',
    'ÉTÉ',
    'año',
    'straße',
    'STRASSE',
    'grüne',
    'التعلم',
    'σίσυφος',
    'ΣΊΣΥΦΟΣ',
    'istanbul',
    'İstanbul',
    'ısı',
    'machine learning',
    'module 1',
    '#1',
    '\nresource',
    '  exam  ',
    'zzz-nothing',
    '%',
    '_',
  ];
  return [
    {},
    ...refs.map((refId) => ({ refId })),
    ...modules.map((moduleId) => ({ moduleId })),
    ...courses.map((courseId) => ({ courseId })),
    { refId: 'no-such-ref' },
    ...tags.map((t) => ({ tags: [t] })),
    ...tags.map((t) => ({ tags: [t.toUpperCase()] })),
    { tags: ['exam', 'tips'] },
    { tags: ['STRASSE'] },
    { tags: ['straße', 'हिंदी'] },
    ...queries.map((query) => ({ query })),
    ...courses.map((courseId) => ({ courseId, query: 'e' })),
    ...modules.map((moduleId) => ({ moduleId, tags: ['exam'] })),
    { courseId: courses[0], moduleId: modules[0], query: 'a', tags: ['Exam'] },
  ];
}

for (const engine of ENGINES) {
  const test = suite(`store reads = the mock's (${engine})`);
  let db: TestDatabase;
  let store: NotesStore;
  const owners = new Map<string, { learner: Learner; notes: Note[] }>();

  setupOnce(test, async () => {
    db = await freshDatabase(engine);
    store = await openStore(db.url);
    for (const { owner, note } of SEEDED) {
      const key = `${owner.rootOrg}/${owner.org}/${owner.wid}`;
      const entry = owners.get(key) ?? { learner: owner, notes: [] };
      entry.notes.push(note);
      owners.set(key, entry);
      await store.add(owner, note, null);
    }
    for (const note of GENERATED) await store.add(GEN, note, null);
    owners.set('gen', { learner: GEN, notes: GENERATED });
  });
  test.after(async () => {
    await store?.close();
    await db?.drop();
  });

  test('POST fetch: every filter and order, every page, equals the mock (notes, total, nextCursor)', async () => {
    let pages = 0;
    for (const { learner, notes } of owners.values()) {
      for (const order of ORDERS) {
        const sorted = [...notes].sort(compareNotes(order));
        for (const spec of specsFor(notes)) {
          const limit = notes.length > 50 ? 37 : 3;
          let cursor: string | undefined;
          for (let guard = 0; guard < 100; guard++) {
            const mine = await store.fetch(learner, { ...spec, order, limit, cursor });
            const theirs = cursorPage(sorted, mockQuery(spec, order, limit, cursor));
            assert.equal(mine, theirs, `${learner.wid} ${order} ${JSON.stringify(spec)} page ${guard}`);
            pages++;
            if (mine.nextCursor === null) break;
            cursor = mine.nextCursor;
          }
        }
      }
    }
    assert.ok(pages > 500, `walked ${pages} pages`);
  });

  test('GET fetch by path: ids, flag 1/0, offsets and orders equal the mock', async () => {
    for (const { learner, notes } of owners.values()) {
      const pickIds = notes.slice(0, 12);
      const triples = [
        { courseId: null, moduleId: null, refId: null },
        ...pickIds.map((n) => ({ courseId: n.courseId, moduleId: null, refId: null })),
        ...pickIds.map((n) => ({ courseId: n.courseId, moduleId: n.moduleId, refId: null })),
        ...pickIds.map((n) => ({ courseId: null, moduleId: n.moduleId, refId: n.refId })),
        ...pickIds.map((n) => ({ courseId: n.courseId, moduleId: n.moduleId, refId: n.refId })),
        ...pickIds.map((n) => ({ courseId: null, moduleId: null, refId: n.courseId })),
      ];
      for (const order of ORDERS) {
        const sorted = [...notes].sort(compareNotes(order));
        for (const ids of triples) {
          for (const flag of [true, false]) {
            for (const [offset, limit] of [
              [0, 5],
              [3, 4],
              [0, 100],
              [500, 10],
            ] as const) {
              const mine = await store.fetchByPath(learner, { ...ids, flag, limit, offset, order });
              const theirs = offsetPage(sorted, { ...ids, includeChildren: flag, limit, offset, order });
              assert.equal(mine, theirs, `${learner.wid} ${order} ${JSON.stringify(ids)} ${flag} ${offset}`);
            }
          }
        }
      }
    }
  });

  test('recent, the course list and every collection equal the mock', async () => {
    for (const { learner, notes } of owners.values()) {
      const newest = [...notes].sort(compareNotes('newest'));
      const oldest = [...notes].sort(compareNotes('oldest'));
      assert.equal(await store.recent(learner), newest.slice(0, 20));
      assert.equal(await store.courses(learner), listCourses(newest));
      const courses = [...new Set(notes.flatMap((n) => (n.courseId ? [n.courseId] : [])))];
      for (const courseId of [...courses, 'no-such-course']) {
        assert.equal(await store.collection(learner, courseId, null), collectCourse(oldest, courseId, null));
        const modules = [...new Set(notes.filter((n) => n.courseId === courseId).map((n) => n.moduleId))];
        for (const moduleId of [...modules.flatMap((m) => (m ? [m] : [])), 'no-such-module']) {
          assert.equal(
            await store.collection(learner, courseId, moduleId),
            collectCourse(oldest, courseId, moduleId),
            `${courseId}/${moduleId}`,
          );
        }
      }
    }
  });

  test('pages never skip or repeat a note that exists throughout, while others come and go', async () => {
    const me: Learner = { rootOrg: 'r', org: 'o', wid: `pager-${engine}` };
    const stay: Note[] = [];
    for (let i = 0; i < 60; i++) {
      const at = new Date(Date.UTC(2026, 1, 1, 0, Math.floor(i / 3))).toISOString(); // triples share a time
      const note = makeNote({ noteId: `p-${String(i).padStart(2, '0')}`, createdOn: at, updatedOn: at });
      stay.push(note);
      await store.add(me, note, null);
    }
    for (const order of ORDERS) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let churn = 0;
      do {
        const page = await store.fetch(me, { order, limit: 7, cursor });
        seen.push(...page.notes.map((n) => n.noteId));
        const at = new Date(Date.UTC(2026, 1, 1, 0, churn % 20)).toISOString();
        const extra = makeNote({ noteId: `x-${order}-${churn++}`, createdOn: at, updatedOn: at });
        await store.add(me, extra, null);
        if (churn % 2 === 0) await store.remove(me, `x-${order}-${churn - 2}`, null);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const kept = seen.filter((id) => id.startsWith('p-'));
      assert.equal(kept.length, new Set(kept).size, `${order}: no repeats`);
      assert.equal(new Set(kept), new Set(stay.map((n) => n.noteId)), `${order}: no gaps`);
    }
  });

  test('a malformed cursor, or one from another order, is a BadCursorError with the 400 text', async () => {
    const page = await store.fetch(GEN, { order: 'newest', limit: 2 });
    assert.ok(page.nextCursor);
    for (const [cursor, order, message] of [
      ['%%%', 'newest', 'cursor is malformed; use the nextCursor of a previous page'],
      [
        Buffer.from('[1,2]').toString('base64url'),
        'newest',
        'cursor is malformed; use the nextCursor of a previous page',
      ],
      [page.nextCursor, 'oldest', 'cursor belongs to order newest, not oldest'],
    ] as const) {
      try {
        await store.fetch(GEN, { order, limit: 2, cursor });
        assert.unreachable('accepted');
      } catch (e) {
        assert.instance(e, BadCursorError);
        assert.is((e as Error).message, message);
      }
    }
  });

  test.run();
}
