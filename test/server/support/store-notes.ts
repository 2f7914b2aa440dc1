/**
 * Notes for the store tests: one note with overrides, and a generated data set in the six
 * languages with deliberate ties (shared timestamps), null modules and courses, case variants of
 * tags and the folds that differ between scripts (Greek final sigma, German ß, Turkish İ), so the
 * store's answers can be compared with the mock's query functions on the same notes.
 */
import type { Note } from '../../../src/protocol/api-types.ts';
import { seededRandom } from '../../support/seeded-random.ts';

let counter = 0;

/** A complete note; `noteId` defaults to a fresh one. */
export function makeNote(overrides: Partial<Note> = {}): Note {
  counter++;
  const at = overrides.createdOn ?? new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString();
  return {
    noteId: `note-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    refId: 'res-1',
    moduleId: 'mod-1',
    courseId: 'course-1',
    refTitle: 'Resource one',
    moduleTitle: 'Module one',
    courseTitle: 'Course one',
    domain: 'portal.example',
    appRef: null,
    displayName: 'Asha Verma',
    content: '<p>hello</p>',
    text: 'hello',
    anchor: null,
    tags: [],
    createdOn: at,
    updatedOn: at,
    version: 1,
    inReview: false,
    review: null,
    ...overrides,
  };
}

const TEXTS = [
  'The cost function measures the squared error',
  'रेखीय प्रतिगमन में हम सबसे अच्छी रेखा खोजते हैं',
  'La descente de gradient converge lentement — ÉTÉ',
  'El aprendizaje automático es útil; AÑO',
  'Die Straße und das GRÜNE Haus',
  'التعلم الآلي مفيد جدا للطلاب',
  'ΣΊΣΥΦΟΣ rolls the stone',
  'İstanbul and ısı in one note',
  'Mixed हिंदी and English with EXAM',
];
const TAGS = ['exam', 'Exam', 'tips', 'हिंदी', 'Straße', 'STRASSE', 'مهم', 'Résumé', 'ΣΟΦΊΑ'];
const COURSES = [
  { id: 'c-1', title: 'Machine Learning' },
  { id: 'c-2', title: 'Éducation' },
  { id: 'c-3', title: '' },
];
const MODULES = [
  { id: 'm-1', title: 'Module 2' },
  { id: 'm-2', title: 'Module 10' },
  { id: 'm-3', title: 'module 1' },
];

/** `count` notes from a fixed seed, with many equal createdOn / updatedOn values. */
export function generatedNotes(count: number, seed = 25): Note[] {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const notes: Note[] = [];
  for (let i = 0; i < count; i++) {
    const course = rnd() < 0.15 ? null : pick(COURSES);
    const mod = course === null || rnd() < 0.2 ? null : pick(MODULES);
    const ref = mod ? `r-${Math.floor(rnd() * 5)}` : (course?.id ?? `loose-${Math.floor(rnd() * 3)}`);
    const created = new Date(
      Date.UTC(2026, 0, 1 + Math.floor(rnd() * 12), Math.floor(rnd() * 3)),
    ).toISOString();
    const edited = rnd() < 0.4;
    const updated = edited
      ? new Date(Date.parse(created) + Math.floor(rnd() * 3) * 3_600_000).toISOString()
      : created;
    const tags: string[] = [];
    const seen = new Set<string>();
    for (const t of [pick(TAGS), pick(TAGS)]) {
      const k = t.toUpperCase().toLowerCase();
      if (rnd() < 0.6 && !seen.has(k)) {
        seen.add(k);
        tags.push(t);
      }
    }
    const anchorKind = rnd();
    notes.push({
      noteId: `g-${String(Math.floor(rnd() * 1000)).padStart(3, '0')}-${i}`,
      refId: ref,
      moduleId: mod?.id ?? null,
      courseId: course?.id ?? null,
      refTitle: `Resource ${ref}`,
      moduleTitle: mod ? (rnd() < 0.1 ? '' : mod.title) : null,
      courseTitle: course ? (rnd() < 0.1 ? null : course.title) : null,
      domain: 'portal.example',
      appRef: rnd() < 0.2 ? 'app-x' : null,
      displayName: 'Gen Learner',
      content: `<p>${pick(TEXTS)}</p>`,
      text: `${pick(TEXTS)} #${i}`,
      anchor:
        anchorKind < 0.3
          ? { kind: 'time', seconds: Math.floor(rnd() * 600) + (rnd() < 0.3 ? 0.5 : 0) }
          : anchorKind < 0.5
            ? { kind: 'page', page: Math.floor(rnd() * 20) }
            : null,
      tags,
      createdOn: created,
      updatedOn: updated,
      version: edited ? 2 : 1,
      inReview: false,
      review: null,
    });
  }
  return notes;
}
