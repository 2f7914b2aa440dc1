/**
 * The 7-parameter read, `GET /notes/fetch/{courseId}/{moduleId}/{refId}/{flag}/{limit}/{offset}/{order}`
 * (docs/api.md): `-` for any id, flag 1 = everything under the ids, flag 0 = only notes on the
 * addressed item itself, offset paging, and ids sent the way the app sends them (URL-encoded, a
 * leading `auth` as `%61uth`).
 */
import type { NoteOrder } from '../../../src/protocol/api-types.ts';
import { segment } from '../client.ts';
import type { Ctx } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectRefusal, expectSameIds, expectSameSet, expectStatus, need } from '../expect.ts';
import { sortedAs } from '../order.ts';
import { asPage } from '../shapes.ts';

type Ids = { courseId?: string | null; moduleId?: string | null; refId?: string | null };

/** The path of the GET fetch. */
export const pathFetch = (
  ids: Ids,
  flag: string,
  limit: string | number,
  offset: string | number,
  order: string,
): string =>
  `/notes/fetch/${segment(ids.courseId)}/${segment(ids.moduleId)}/${segment(ids.refId)}/${flag}/${limit}/${offset}/${order}`;

/** The path-fetch checks. */
export async function pathFetchChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api } = ctx;
  const get = async (path: string) => {
    const a = await api.get(path);
    expectStatus(a, 200);
    return asPage(a.json);
  };
  const cases: [string, (d: Dataset) => Ids, string, NoteOrder, (d: Dataset) => string[]][] = [
    [
      'a course, flag 1 → all 25 of its notes, oldest first',
      (d) => ({ courseId: d.courseA }),
      '1',
      'oldest',
      (d) => sortedAs(d.inA(), 'oldest').map((n) => n.noteId),
    ],
    [
      'a course, flag 0 → only the course’s own note',
      (d) => ({ courseId: d.courseA }),
      '0',
      'newest',
      (d) => d.pick('k1').map((n) => n.noteId),
    ],
    [
      'a module, flag 1 → its 8 notes, newest first',
      (d) => ({ courseId: d.courseA, moduleId: d.m2 }),
      '1',
      'newest',
      (d) => sortedAs(d.pick('a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'm1'), 'newest').map((n) => n.noteId),
    ],
    [
      'a module, flag 0 → only the module’s own note',
      (d) => ({ courseId: d.courseA, moduleId: d.m2 }),
      '0',
      'newest',
      (d) => d.pick('m1').map((n) => n.noteId),
    ],
    [
      'a resource alone (- - refId) → its 4 notes, updated order',
      (d) => ({ refId: d.resA }),
      '1',
      'updated',
      (d) => sortedAs(d.pick('a1', 'a2', 'a3', 'a4'), 'updated').map((n) => n.noteId),
    ],
    [
      'an id starting with "auth", sent as %61uth…, finds its note',
      (d) => ({ refId: d.pick('auth')[0]!.refId }),
      '1',
      'newest',
      (d) => d.pick('auth').map((n) => n.noteId),
    ],
    [
      'a moduleId with spaces and Devanagari survives the path',
      (d) => ({ courseId: d.courseB, moduleId: d.moduleB }),
      '1',
      'oldest',
      (d) => sortedAs(d.inB(), 'oldest').map((n) => n.noteId),
    ],
  ];
  for (const [name, idsOf, flag, order, want] of cases) {
    await t.check(`GET fetch: ${name}`, async () => {
      const d = need(data, 'the data set');
      const page = await get(pathFetch(idsOf(d), flag, 100, 0, order));
      const wanted = want(d);
      expectSameIds(
        page.notes.map((n) => n.noteId),
        wanted,
        'the notes',
        d.label,
      );
      expect(page.total === wanted.length, `total ${wanted.length}`, `total ${page.total}`);
    });
  }
  await t.check('GET fetch: offset paging by 10 → 10, 10, 5; disjoint, complete, total 25', async () => {
    const d = need(data, 'the data set');
    const pages = [];
    for (const offset of [0, 10, 20])
      pages.push(await get(pathFetch({ courseId: d.courseA }, '1', 10, offset, 'newest')));
    expect(
      pages.every((p) => p.total === 25),
      'total 25 on every page',
      pages.map((p) => p.total).join(', '),
    );
    expect(
      pages[2]!.nextCursor === null && pages[0]!.nextCursor !== null,
      'more after page 1, none after page 3',
      pages.map((p) => String(p.nextCursor)).join(', '),
    );
    const ids = pages.flatMap((p) => p.notes.map((n) => n.noteId));
    expectSameIds(
      ids,
      sortedAs(d.inA(), 'newest').map((n) => n.noteId),
      'all 25 in order',
      d.label,
    );
  });
  await t.check('GET fetch: all ids "-" → the learner’s notes, this run’s among the newest', async () => {
    const d = need(data, 'the data set');
    const page = await get(pathFetch({}, '1', 100, 0, 'newest'));
    expect(page.total >= d.notes.size, `total ≥ ${d.notes.size}`, `total ${page.total}`);
    const newest = sortedAs([...d.notes.values()], 'newest')
      .slice(0, 5)
      .map((n) => n.noteId);
    expectSameSet(
      page.notes.slice(0, 5).map((n) => n.noteId),
      newest,
      'the 5 newest first',
      d.label,
    );
  });
  const bad: [string, string, string][] = [
    ['flag 2', pathFetch({}, '2', 10, 0, 'newest'), 'flag'],
    ['limit 0', pathFetch({}, '1', 0, 0, 'newest'), 'limit'],
    ['limit 101', pathFetch({}, '1', 101, 0, 'newest'), 'limit'],
    ['offset "x"', pathFetch({}, '1', 10, 'x', 'newest'), 'offset'],
    ['order "sideways"', pathFetch({}, '1', 10, 0, 'sideways'), 'order'],
  ];
  for (const [name, path, field] of bad) {
    await t.check(`GET fetch: ${name} → 400 naming ${field}`, async () => {
      expectRefusal(await api.get(path), 400, field);
    });
  }
}
