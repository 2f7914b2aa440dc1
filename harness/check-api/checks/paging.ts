/**
 * Cursor paging of `POST /notes/fetch` (docs/api.md "Search and paging"): pages are disjoint and
 * complete, every page carries the full total, the last has no cursor, a cursor belongs to its
 * order, and a cursor keeps its place while notes are added and deleted between pages.
 */
import type { Note, NoteFilter, NoteOrder, NotesPage } from '../../../src/protocol/api-types.ts';
import { addOk, type Ctx, deleteNote, fetchPage } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectRefusal, expectSameIds, expectStatus, need, show } from '../expect.ts';
import { sortedAs } from '../order.ts';

/** Follows cursors from the first page; fails on more than `max` pages. */
async function allPages(
  ctx: Ctx,
  filter: NoteFilter,
  max: number,
  between?: (i: number) => Promise<void>,
): Promise<NotesPage[]> {
  const pages: NotesPage[] = [];
  let cursor: string | null = null;
  do {
    if (pages.length > 0 && between) await between(pages.length);
    const { page } = await fetchPage(ctx.api, { ...filter, ...(cursor === null ? {} : { cursor }) });
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length <= max, `at most ${max} pages`, `a cursor after page ${max}`);
  } while (cursor !== null);
  return pages;
}

/** Pages must concatenate to exactly `want` (ids in order), each of `sizes`, each with `total`. */
function expectPages(pages: NotesPage[], want: Note[], sizes: number[], label: (id: string) => string): void {
  const seen = pages.map((p) => p.notes.length);
  expect(show(seen) === show(sizes), `pages of ${sizes.join(', ')}`, `pages of ${seen.join(', ')}`);
  const totals = pages.map((p) => p.total);
  expect(
    totals.every((x) => x === want.length),
    `total ${want.length} on every page`,
    show(totals),
  );
  const ids = pages.flatMap((p) => p.notes.map((n) => n.noteId));
  expect(
    new Set(ids).size === ids.length,
    'no note on two pages',
    `${ids.length - new Set(ids).size} repeated`,
  );
  expectSameIds(
    ids,
    want.map((n) => n.noteId),
    'all the notes, in order',
    label,
  );
}

const ORDERS: NoteOrder[] = ['newest', 'oldest', 'updated'];

/** The paging checks. */
export async function pagingChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api, ids } = ctx;
  for (const order of ORDERS) {
    await t.check(
      `paging (${order}): 25 notes by 10 → 10, 10, 5; disjoint, complete, total 25, last cursor null`,
      async () => {
        const d = need(data, 'the data set');
        const pages = await allPages(ctx, { courseId: d.courseA, order, limit: 10 }, 5);
        expectPages(pages, sortedAs(d.inA(), order), [10, 10, 5], d.label);
      },
    );
  }
  await t.check('paging with a query ("FILLER", 12 notes) by 5 → 5, 5, 2, complete', async () => {
    const d = need(data, 'the data set');
    const fillers = d.inA().filter((n) => /filler/i.test(n.text));
    const pages = await allPages(ctx, { courseId: d.courseA, query: 'FILLER', limit: 5 }, 5);
    expectPages(pages, sortedAs(fillers, 'newest'), [5, 5, 2], d.label);
  });
  await t.check('paging: a cursor used with another order → 400 naming cursor', async () => {
    const d = need(data, 'the data set');
    const { page } = await fetchPage(api, { courseId: d.courseA, order: 'newest', limit: 5 });
    const cursor = need(page.nextCursor, 'a first page with a cursor');
    expectRefusal(
      await api.post('/notes/fetch', { courseId: d.courseA, order: 'oldest', limit: 5, cursor }),
      400,
      'cursor',
    );
  });

  await t.check(
    'paging: a cursor keeps its place when notes are added and deleted between pages',
    async () => {
      const courseId = ids.id('course-c');
      const made: Note[] = [];
      for (let i = 1; i <= 7; i++)
        made.push(await addOk(ctx, { refId: ids.id('res-c-page'), courseId, content: `<p>Paged ${i}</p>` }));
      const label = (id: string) => {
        const i = made.findIndex((n) => n.noteId === id);
        return i === -1 ? id : `p${i + 1}`;
      };
      const order = sortedAs(made, 'newest');
      const [seenFirst, notYet] = [order[0]!, order[6]!];
      const pages = await allPages(ctx, { courseId, order: 'newest', limit: 3 }, 5, async (i) => {
        if (i !== 1) return;
        made.push(
          await addOk(ctx, { refId: ids.id('res-c-page'), courseId, content: '<p>Added between pages</p>' }),
        );
        expectStatus(await deleteNote(ctx, { noteId: seenFirst.noteId }), 200);
        expectStatus(await deleteNote(ctx, { noteId: notYet.noteId }), 200);
      });
      const seen = pages.flatMap((p) => p.notes.map((n) => n.noteId));
      const throughout = order.filter((n) => n !== notYet).map((n) => n.noteId);
      expect(new Set(seen).size === seen.length, 'no note twice', `[${seen.map(label).join(', ')}]`);
      const missing = throughout.filter((id) => !seen.includes(id));
      expect(
        missing.length === 0,
        'every note that existed throughout',
        `missing [${missing.map(label).join(', ')}]`,
      );
      expect(
        !seen.includes(notYet.noteId),
        `no ${label(notYet.noteId)} (deleted before its page)`,
        `[${seen.map(label).join(', ')}]`,
      );
    },
  );
}
