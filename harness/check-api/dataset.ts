/**
 * The notes the read checks look at, added once per run under this run's ids: course A (25 notes
 * in two modules, "Module 2" and "Module 10", with anchors, tags and texts in English, Hindi,
 * Arabic and German, a module's own note and the course's own note) and course B (3 notes, one
 * module whose id has spaces and Devanagari, one refId starting with `auth`). Added out of title
 * order, so an API that merely keeps insertion order fails the collection checks.
 */
import type { NewNote, Note } from '../../src/protocol/api-types.ts';
import { addOk, type Ctx } from './context.ts';
import { expect, expectStatus, show } from './expect.ts';
import { asNote } from './shapes.ts';

/** A note of the data set, by label (`f1` … `f16`, `a1` … `a4`, `b1` … `b3`, `m1`, `k1`, `r1`, `r10`, `auth`). */
export type Dataset = {
  courseA: string;
  courseB: string;
  titleA: string;
  titleB: string;
  m2: string;
  m10: string;
  moduleB: string;
  resA: string;
  resB: string;
  resC: string;
  /** Every note as last stored, by label. */
  notes: Map<string, Note>;
  /** The labels, in the order the notes were added. */
  added: string[];
  /** A note's label by noteId (for readable failing lines); the id itself when unknown. */
  label(noteId: string): string;
  /** Notes by labels. */
  pick(...labels: string[]): Note[];
  /** Every note of course A / B. */
  inA(): Note[];
  inB(): Note[];
};

const FILLER_SECONDS = [310, 15, 120, 5, 600, 45, 90, 250, 30, 480, 60, 200, 75, 150, 10, 20];

/** Special texts and tags of some fillers (the others say "Filler note N about the video"). */
const FILLER_TEXT: Record<number, { content: string; text: string }> = {
  1: {
    content: '<p>Gradient <strong>DESCENT</strong> explained step by step</p>',
    text: 'Gradient DESCENT explained step by step',
  },
  2: { content: '<p>ढलान अवरोहण से हानि घटती है</p>', text: 'ढलान अवरोहण से हानि घटती है' },
  3: { content: '<p>الانحدار التدريجي يقلل الخسارة</p>', text: 'الانحدار التدريجي يقلل الخسارة' },
  4: { content: '<p>Übung macht den MEISTER</p>', text: 'Übung macht den MEISTER' },
};
const FILLER_TAGS: Record<number, string[]> = {
  5: ['Exam', 'ch1'],
  6: ['exam'],
  7: ['ch1'],
  8: ['EXAM', 'ch1', 'Revise'],
};

/** The add bodies, by label, in the order they are added. */
function bodies(
  ctx: Ctx,
  d: Omit<Dataset, 'notes' | 'added' | 'label' | 'pick' | 'inA' | 'inB'>,
): [string, Partial<NewNote>][] {
  const inA = { courseId: d.courseA, courseTitle: d.titleA };
  const out: [string, Partial<NewNote>][] = [];
  FILLER_SECONDS.forEach((seconds, i) => {
    const n = i + 1;
    const own = FILLER_TEXT[n] ?? {
      content: `<p>Filler note ${n} about the video</p>`,
      text: `Filler note ${n} about the video`,
    };
    out.push([
      `f${n}`,
      {
        ...inA,
        moduleId: d.m10,
        moduleTitle: 'Module 10',
        refId: d.resC,
        refTitle: 'Video 1',
        ...own,
        anchor: { kind: 'time', seconds },
        tags: FILLER_TAGS[n] ?? [],
      },
    ]);
  });
  const resA = { ...inA, moduleId: d.m2, moduleTitle: 'Module 2', refId: d.resA, refTitle: 'Resource 10' };
  const timeA: (number | null)[] = [200, null, 5, 30];
  timeA.forEach((s, i) => {
    out.push([
      `a${i + 1}`,
      {
        ...resA,
        content: `<p>Resource ten, note ${i + 1}</p>`,
        anchor: s === null ? null : { kind: 'time', seconds: s },
      },
    ]);
  });
  const resB = { ...inA, moduleId: d.m2, moduleTitle: 'Module 2', refId: d.resB, refTitle: 'Resource 9' };
  [3, 1, 2].forEach((page, i) => {
    out.push([
      `b${i + 1}`,
      { ...resB, content: `<p>Resource nine, page ${page}</p>`, anchor: { kind: 'page', page } },
    ]);
  });
  out.push([
    'm1',
    {
      ...inA,
      moduleId: d.m2,
      moduleTitle: 'Module 2',
      refId: d.m2,
      refTitle: 'Module 2 overview',
      content: '<p>About the whole module</p>',
    },
  ]);
  out.push([
    'k1',
    {
      ...inA,
      moduleId: null,
      refId: d.courseA,
      refTitle: 'Course overview',
      content: '<p>About the whole course</p>',
    },
  ]);
  const inB = { courseId: d.courseB, courseTitle: d.titleB, moduleId: d.moduleB, moduleTitle: 'मॉड्यूल 1' };
  out.push(['r1', { ...inB, refId: ctx.ids.id('res-1'), refTitle: 'Part 1', content: '<p>Part one</p>' }]);
  out.push(['r10', { ...inB, refId: ctx.ids.id('res-10'), refTitle: 'Part 10', content: '<p>Part ten</p>' }]);
  out.push([
    'auth',
    {
      ...inB,
      refId: `authoring-${ctx.ids.prefix}`,
      refTitle: 'Authoring',
      content: '<p>Authoring tools</p>',
    },
  ]);
  return out;
}

/**
 * Adds the data set (one check line), then edits f1 so the `updated` order differs from `newest`.
 * Resolves with the data set, or null when it could not be built (the read checks then say so).
 */
export async function buildDataset(ctx: Ctx): Promise<Dataset | null> {
  const { ids } = ctx;
  const base = {
    courseA: ids.id('course-a'),
    courseB: ids.id('course-b'),
    titleA: `Check course A ${ids.prefix}`,
    titleB: `Check course B ${ids.prefix}`,
    m2: ids.id('mod-2'),
    m10: ids.id('mod-10'),
    moduleB: `${ids.prefix} मॉड्यूल 1`,
    resA: ids.id('res-a'),
    resB: ids.id('res-b'),
    resC: ids.id('res-c'),
  };
  const notes = new Map<string, Note>();
  const added: string[] = [];
  const list = bodies(ctx, base);
  const ok = await ctx.t.check(
    `setup: add the ${list.length} notes the read checks use (201 each), then edit one`,
    async () => {
      for (const [label, body] of list) {
        notes.set(label, await addOk(ctx, body));
        added.push(label);
      }
      const f1 = notes.get('f1')!;
      const a = await ctx.api.post('/notes/update', {
        noteId: f1.noteId,
        version: f1.version,
        tags: ['edited'],
      });
      expectStatus(a, 200);
      notes.set('f1', asNote(a.json));
      const times = added.map((l) => Date.parse(notes.get(l)!.createdOn));
      const back = times.findIndex((x, i) => i > 0 && x < times[i - 1]!);
      expect(
        back === -1,
        'createdOn never earlier than an add before it',
        back === -1 ? '' : `${added[back]} ${show(notes.get(added[back]!)!.createdOn)}`,
      );
    },
  );
  if (!ok) return null;
  const byId = new Map([...notes].map(([label, n]) => [n.noteId, label]));
  const pick = (...labels: string[]) => labels.map((l) => notes.get(l)!);
  return {
    ...base,
    notes,
    added,
    label: (id) => byId.get(id) ?? id,
    pick,
    inA: () => [...notes.values()].filter((n) => n.courseId === base.courseA),
    inB: () => [...notes.values()].filter((n) => n.courseId === base.courseB),
  };
}
