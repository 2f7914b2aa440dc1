/**
 * `POST /notes/fetch` filters and orders (docs/api.md "Search and paging"): exact ids, a
 * case-insensitive substring query over text, titles and tags in any script (not over the HTML),
 * tags that must all be present ignoring case, the three orders, and the limit bounds.
 */
import type { NoteFilter, NoteOrder } from '../../../src/protocol/api-types.ts';
import type { Ctx } from '../context.ts';
import { fetchPage } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectSameIds, expectSameSet, need } from '../expect.ts';
import { sortedAs } from '../order.ts';

/** The filter cases: the filter and the labels it must find (any order). */
function filterCases(d: Dataset, prefix: string): [string, NoteFilter, string[]][] {
  const inA = (f: NoteFilter): NoteFilter => ({ courseId: d.courseA, ...f });
  const allA = d.inA().map((n) => d.label(n.noteId));
  return [
    ['refId is exact (res-1 does not find res-10)', { refId: d.pick('r1')[0]!.refId }, ['r1']],
    [
      'moduleId finds the module’s 8 notes',
      { moduleId: d.m2 },
      ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'm1'],
    ],
    ['courseId finds the course’s notes and no other', { courseId: d.courseB }, ['r1', 'r10', 'auth']],
    ['refId and courseId together', { courseId: d.courseA, refId: d.resB }, ['b1', 'b2', 'b3']],
    ['query ignores case ("gradient descent")', inA({ query: 'gradient descent' }), ['f1']],
    ['query in Hindi ("अवरोहण")', inA({ query: 'अवरोहण' }), ['f2']],
    ['query in Arabic ("التدريجي")', inA({ query: 'التدريجي' }), ['f3']],
    [
      'query folds non-ASCII case ("übung macht den meister")',
      inA({ query: 'übung macht den meister' }),
      ['f4'],
    ],
    ['query matches titles ("resource 9")', inA({ query: 'resource 9' }), ['b1', 'b2', 'b3']],
    ['query matches tags ("REVISE")', inA({ query: 'REVISE' }), ['f8']],
    ['query looks at text, not HTML markup ("strong")', inA({ query: 'strong' }), []],
    ['query is trimmed ("  gradient  ")', inA({ query: '  gradient  ' }), ['f1']],
    [
      'query alone finds this run’s notes by their course titles',
      { query: prefix.toUpperCase() },
      [...allA, 'r1', 'r10', 'auth'],
    ],
    [
      'tags must all be on the note, ignoring case (["exam", "CH1"])',
      inA({ tags: ['exam', 'CH1'] }),
      ['f5', 'f8'],
    ],
    ['one tag, ignoring case (["EXAM"])', inA({ tags: ['EXAM'] }), ['f5', 'f6', 'f8']],
    ['tags and query together', inA({ tags: ['ch1'], query: 'filler note 7' }), ['f7']],
  ];
}

const ORDERS: NoteOrder[] = ['newest', 'oldest', 'updated'];

/** The fetch filter checks. */
export async function fetchFilterChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api, ids } = ctx;
  if (!data) {
    // The cases are built from the data set; without it, one line says why none ran.
    await t.check('fetch: filters, search and orders', () => void need(data, 'the data set'));
    return;
  }
  const d = data;
  for (const [name, filter, labels] of filterCases(d, ids.prefix)) {
    await t.check(`fetch: ${name}`, async () => {
      const { page } = await fetchPage(api, { ...filter, limit: 100 });
      const want = d.pick(...labels).map((n) => n.noteId);
      expectSameSet(
        page.notes.map((n) => n.noteId),
        want,
        'the notes',
        d.label,
      );
      expect(page.total === want.length, `total ${want.length}`, `total ${page.total}`);
    });
  }
  const allA = d.inA();
  for (const order of ORDERS) {
    await t.check(
      `fetch: order ${order} (${order === 'updated' ? 'updatedOn' : 'createdOn'}, ties by noteId)`,
      async () => {
        const { page } = await fetchPage(api, { courseId: d.courseA, order, limit: 100 });
        const want = sortedAs(allA, order).map((n) => n.noteId);
        expectSameIds(
          page.notes.map((n) => n.noteId),
          want,
          'the order',
          d.label,
        );
      },
    );
  }
  await t.check('fetch: order updated puts the just-edited note first', async () => {
    const { page } = await fetchPage(api, { courseId: d.courseA, order: 'updated', limit: 1 });
    const first = page.notes[0]?.noteId ?? 'nothing';
    expect(first === d.pick('f1')[0]!.noteId, 'f1', d.label(first));
  });
  await t.check('fetch: no order means newest', async () => {
    const { page } = await fetchPage(api, { courseId: d.courseA, limit: 100 });
    const want = sortedAs(allA, 'newest').map((n) => n.noteId);
    expectSameIds(
      page.notes.map((n) => n.noteId),
      want,
      'the order',
      d.label,
    );
  });
  await t.check('fetch: no limit means 20 (total 25, a nextCursor)', async () => {
    const { page } = await fetchPage(api, { courseId: d.courseA });
    expect(
      page.notes.length === 20 && page.total === 25 && page.nextCursor !== null,
      '20 notes, total 25, a cursor',
      `${page.notes.length} notes, total ${page.total}, cursor ${page.nextCursor === null ? 'null' : 'set'}`,
    );
  });
  await t.check('fetch: limit 1 → 1 note and a cursor; limit 100 → all 25 and no cursor', async () => {
    const one = (await fetchPage(api, { courseId: d.courseA, limit: 1 })).page;
    expect(
      one.notes.length === 1 && one.nextCursor !== null,
      '1 note and a cursor',
      `${one.notes.length} notes, cursor ${one.nextCursor}`,
    );
    const all = (await fetchPage(api, { courseId: d.courseA, limit: 100 })).page;
    expect(
      all.notes.length === 25 && all.nextCursor === null,
      '25 notes and nextCursor null',
      `${all.notes.length} notes, cursor ${all.nextCursor}`,
    );
  });
}
