/**
 * `GET /notes/collection/{courseId}/{moduleId}` (docs/api.md "Collections"): the course's own
 * notes first under moduleId '', then modules and resources in natural title order ("Module 2"
 * before "Module 10"), notes by anchor (none first) then createdOn; `-` is the whole course, a
 * moduleId one module, and a course without notes an empty module list.
 */
import type { NoteCollection } from '../../../src/protocol/api-types.ts';
import { segment } from '../client.ts';
import type { Ctx } from '../context.ts';
import type { Dataset } from '../dataset.ts';
import { expect, expectSameIds, expectStatus, need, show } from '../expect.ts';
import { asCollection } from '../shapes.ts';

const labelsOf = (c: NoteCollection, d: Dataset): string[][][] =>
  c.modules.map((m) => m.resources.map((r) => r.notes.map((n) => d.label(n.noteId))));

/** The collection checks. */
export async function collectionChecks(ctx: Ctx, data: Dataset | null): Promise<void> {
  const { t, api, ids } = ctx;
  const get = async (courseId: string, moduleId: string | null) => {
    const a = await api.get(`/notes/collection/${segment(courseId)}/${segment(moduleId)}`);
    expectStatus(a, 200);
    return asCollection(a.json);
  };
  let whole: NoteCollection | undefined;
  await t.check(
    'collection: a whole course (-) → its courseId and title, modules "", "Module 2", "Module 10"',
    async () => {
      const d = need(data, 'the data set');
      whole = await get(d.courseA, null);
      expect(
        whole.courseId === d.courseA && whole.courseTitle === d.titleA,
        `${d.courseA} titled ${show(d.titleA)}`,
        `${whole.courseId} titled ${show(whole.courseTitle)}`,
      );
      expectSameIds(
        whole.modules.map((m) => m.moduleId),
        ['', d.m2, d.m10],
        'modules',
        (id) => (id === '' ? "''" : id),
      );
      expectSameIds(
        whole.modules.map((m) => m.moduleTitle).slice(1),
        ['Module 2', 'Module 10'],
        'module titles',
      );
    },
  );
  await t.check(
    'collection: resources in natural title order ("Module 2 overview", "Resource 9", "Resource 10")',
    async () => {
      const d = need(data, 'the data set');
      const c = need(whole, 'the whole-course collection');
      const m2 = c.modules.find((m) => m.moduleId === d.m2);
      expectSameIds(
        m2?.resources.map((r) => r.refTitle) ?? [],
        ['Module 2 overview', 'Resource 9', 'Resource 10'],
        'resources',
      );
      expectSameIds(
        c.modules[0]?.resources.map((r) => r.refId) ?? [],
        [d.courseA],
        "the course's own resource under ''",
      );
    },
  );
  await t.check(
    'collection: notes by anchor — none first, then by seconds or page — every note once',
    async () => {
      const d = need(data, 'the data set');
      const c = need(whole, 'the whole-course collection');
      const byTime = [...Array(16).keys()]
        .map((i) => `f${i + 1}`)
        .sort(
          (x, y) =>
            (d.notes.get(x)!.anchor as { seconds: number }).seconds -
            (d.notes.get(y)!.anchor as { seconds: number }).seconds,
        );
      const want = [[['k1']], [['m1'], ['b2', 'b3', 'b1'], ['a2', 'a3', 'a4', 'a1']], [byTime]];
      expect(show(labelsOf(c, d)) === show(want), show(want), show(labelsOf(c, d)));
    },
  );
  await t.check('collection: one module → only that module', async () => {
    const d = need(data, 'the data set');
    const c = await get(d.courseA, d.m2);
    expectSameIds(
      c.modules.map((m) => m.moduleId),
      [d.m2],
      'modules',
    );
    expect(
      c.modules[0]!.resources.flatMap((r) => r.notes).length === 8,
      '8 notes',
      `${c.modules[0]!.resources.flatMap((r) => r.notes).length}`,
    );
  });
  await t.check('collection: a moduleId with spaces and Devanagari → its 3 notes', async () => {
    const d = need(data, 'the data set');
    const c = await get(d.courseB, d.moduleB);
    expectSameIds(
      c.modules.map((m) => m.moduleTitle),
      ['मॉड्यूल 1'],
      'module titles',
    );
    const resources = c.modules[0]!.resources.map((r) => r.refTitle);
    expectSameIds(resources, ['Authoring', 'Part 1', 'Part 10'], 'resources in natural order');
  });
  await t.check('collection: a course without notes → 200, its courseId and no modules', async () => {
    const empty = ids.id('course-empty');
    const c = await get(empty, null);
    expect(c.courseId === empty && c.modules.length === 0, `${empty} with no modules`, show(c));
  });
}
