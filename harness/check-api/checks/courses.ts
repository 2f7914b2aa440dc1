/**
 * `GET /notes/list/course` (one row per course with notes, most recently touched first) and
 * `GET /notes/recent` (the 20 newest notes, newest first), over this run's two courses.
 */
import type { CourseSummary, Note } from '../../../src/protocol/api-types.ts';
import type { Ctx } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectSameIds, expectStatus, need, show } from '../expect.ts';
import { firstDisorder, sortedAs } from '../order.ts';
import { asCourses, asNotes } from '../shapes.ts';

const latest = (notes: Note[]): number => Math.max(...notes.map((n) => Date.parse(n.updatedOn)));

/** The course-list and recent checks. */
export async function courseChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api } = ctx;
  let rows: CourseSummary[] | undefined;
  await t.check(
    'list/course: a CourseSummary[] with this run’s two courses, counts 25 and 3, titles, last edit',
    async () => {
      const d = need(data, 'the data set');
      const a = await api.get('/notes/list/course');
      expectStatus(a, 200);
      rows = asCourses(a.json);
      for (const [courseId, title, notes] of [
        [d.courseA, d.titleA, d.inA()],
        [d.courseB, d.titleB, d.inB()],
      ] as const) {
        const row = rows.find((r) => r.courseId === courseId);
        expect(row !== undefined, `a row for ${courseId}`, 'none');
        expect(
          row.noteCount === notes.length && row.courseTitle === title,
          `${notes.length} notes titled ${show(title)}`,
          `${row.noteCount} titled ${show(row.courseTitle)}`,
        );
        expect(
          Date.parse(row.updatedOn) === latest(notes),
          `updatedOn ${new Date(latest(notes)).toISOString()}`,
          row.updatedOn,
        );
      }
    },
  );
  await t.check('list/course: most recently touched first', async () => {
    const d = need(data, 'the data set');
    const list = need(rows, 'the course list');
    const times = list.map((r) => Date.parse(r.updatedOn));
    const back = times.findIndex((x, i) => i > 0 && x > times[i - 1]!);
    expect(
      back === -1,
      'updatedOn never increasing down the list',
      back === -1 ? '' : `row ${back} ${list[back]!.updatedOn} after ${list[back - 1]!.updatedOn}`,
    );
    const ia = list.findIndex((r) => r.courseId === d.courseA);
    const ib = list.findIndex((r) => r.courseId === d.courseB);
    expect(ia < ib, 'course A (edited last) before course B', `A at ${ia}, B at ${ib}`);
  });
  await t.check('recent: the 20 newest notes (this run’s), newest first, each a full Note', async () => {
    const d = need(data, 'the data set');
    const a = await api.get('/notes/recent');
    expectStatus(a, 200);
    const notes = asNotes(a.json);
    expect(notes.length === 20, '20 notes (the learner has more)', `${notes.length}`);
    const out = firstDisorder(notes, 'newest');
    expect(out === -1, 'newest first (createdOn, ties by noteId)', `note ${out} out of order`);
    const want = sortedAs([...d.notes.values()], 'newest')
      .slice(0, 20)
      .map((n) => n.noteId);
    expectSameIds(
      notes.map((n) => n.noteId),
      want,
      'the run’s 20 newest',
      d.label,
    );
  });
}
