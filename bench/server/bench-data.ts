/**
 * The server benchmark's data (issue 25): 1,000,000 notes across 10,000 learners, one of them with
 * 10,000. The notes are the seeded kind — the harness's seed notes (harness/api/seed-specs.ts), in
 * their six languages, on the seed catalogue's resources with their anchors and tags — repeated with
 * varied dates, pairings and ids. Deterministic: the same arguments give the same notes.
 */

import { findCourse, locateResource } from '../../harness/api/seed-catalog.ts';
import { SEED_SPECS, type SeedSpec } from '../../harness/api/seed-specs.ts';
import { plainText } from '../../server/src/notes/plain-text.ts';
import type { Note } from '../../src/protocol/api-types.ts';
import { seededRandom } from '../../test/support/seeded-random.ts';

/** Who owns a note (the store's Learner). */
export type BenchLearner = { rootOrg: string; org: string; wid: string };

/** How much data to make. The defaults are the issue's; smaller ones make quick trial runs. */
export type BenchShape = { learners: number; notes: number; bigLearnerNotes: number };

/** The figures. */
export const FULL_SHAPE: BenchShape = { learners: 10_000, notes: 1_000_000, bigLearnerNotes: 10_000 };

/** Learner `i` (0 is the one with `bigLearnerNotes`); spread over 25 orgs of one root org. */
export const benchLearner = (i: number): BenchLearner => ({
  rootOrg: 'bench-root',
  org: `bench-org-${i % 25}`,
  wid: `bench-learner-${String(i).padStart(5, '0')}`,
});

/** How many notes learner `i` has: the big one its share, the rest split as evenly as whole notes go. */
export function notesOfLearner(shape: BenchShape, i: number): number {
  if (i === 0) return shape.bigLearnerNotes;
  const others = shape.learners - 1;
  const rest = shape.notes - shape.bigLearnerNotes;
  const each = Math.floor(rest / others);
  return each + (i <= rest - each * others ? 1 : 0);
}

/** Every seed note spec, whoever wrote it: 21 notes in English, Hindi, German, French, Spanish and Arabic. */
const SPECS: SeedSpec[] = Object.values(SEED_SPECS).flat();

/** Search terms the bench's search rotates through, one per script/language of the seed notes. */
export const SEARCH_TERMS = ['review', 'प्रतिगमन', 'überschriften', 'équipe', 'decisiones', 'الانحدار'];

const DAY_MS = 86_400_000;
const textCache = new Map<string, string>();
const textOf = (html: string): string => {
  let text = textCache.get(html);
  if (text === undefined) {
    text = plainText(html);
    textCache.set(html, text);
  }
  return text;
};

/**
 * Learner `i`'s notes, oldest first, dated over the two years before `now`. A third of them join a
 * second seed note's text to the first (longer notes, mixed scripts), as learners' notes grow.
 */
export function learnerNotes(shape: BenchShape, i: number, now: Date): Note[] {
  const count = notesOfLearner(shape, i);
  const rnd = seededRandom(1_000_003 + i);
  const span = 2 * 365 * DAY_MS;
  const notes: Note[] = [];
  for (let n = 0; n < count; n++) {
    const spec = SPECS[Math.floor(rnd() * SPECS.length)] as SeedSpec;
    const second = rnd() < 0.33 ? (SPECS[Math.floor(rnd() * SPECS.length)] as SeedSpec) : undefined;
    const content = second ? `${spec.html}${second.html}` : spec.html;
    const found = locateResource(spec.ref);
    const course = found?.course ?? findCourse(spec.ref);
    if (!course) throw new Error(`seed note refers to unknown resource ${spec.ref}`);
    const created = now.getTime() - span + Math.floor(((n + rnd()) / count) * (span - DAY_MS));
    const edited = rnd() < 0.2 ? created + Math.floor(rnd() * 7 * DAY_MS) : created;
    notes.push({
      noteId: `b${i}-${n}`,
      refId: spec.ref,
      moduleId: found?.module.moduleId ?? null,
      courseId: course.courseId,
      refTitle: found?.resource.refTitle ?? course.courseTitle,
      moduleTitle: found?.module.moduleTitle ?? null,
      courseTitle: course.courseTitle,
      domain: 'portal.bench.example',
      appRef: null,
      displayName: `Learner ${i}`,
      content,
      text: textOf(content),
      anchor: spec.anchor ?? null,
      tags: spec.tags ?? [],
      createdOn: new Date(created).toISOString(),
      updatedOn: new Date(Math.min(edited, now.getTime() - 60_000)).toISOString(),
      version: edited === created ? 1 : 2,
    });
  }
  return notes;
}
