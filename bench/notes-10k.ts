/**
 * 10,000 realistic notes for one learner, written into the harness API's database before it starts.
 * Spread over the seeded courses (so `/` with the demo playerData has notes) and more made-up
 * ones, with modules and resources of each kind, anchors that fit the resource, tags, a tenth in
 * other languages, dates over two years. Words are shared on purpose: "regression" and "exam"
 * match thousands, "zeitgeist" a handful — so searches can match many or few.
 */
import type { OwnedNote } from '../harness/api/learner.ts';
import type { SeedUser } from '../harness/api/seed.ts';
import { SEED_CATALOG, type SeedCourse } from '../harness/api/seed-catalog.ts';
import { seedDatabase } from '../harness/api/server.ts';
import { plainText } from '../server/src/notes/plain-text.ts';
import type { Note, NoteAnchor } from '../src/protocol/api-types.ts';
import { seededRandom } from '../test/support/seeded-random.ts';

/** A term list per course topic; the sentence templates below weave them together. */
const TERMS: Record<string, string[]> = {
  'course-ml-101': ['linear regression', 'gradient descent', 'cost function', 'overfitting', 'recall'],
  'course-a11y-201': ['landmarks', 'heading order', 'contrast ratio', 'focus order', 'ARIA labels'],
  'course-lead-301': ['async updates', 'meeting charter', 'decision log', 'time zones', 'team rituals'],
  'course-stats-110': ['logistic regression', 'p-values', 'confidence intervals', 'variance', 'sampling'],
  'course-ux-220': [
    'user interviews',
    'personas',
    'usability tests',
    'information architecture',
    'prototypes',
  ],
  'course-sec-330': ['threat models', 'least privilege', 'phishing', 'password managers', 'patching'],
  'course-data-140': ['SQL joins', 'indexes', 'normal forms', 'query plans', 'window functions'],
  'course-fin-250': [
    'cash flow',
    'budget variance',
    'unit economics',
    'forecasting',
    'regression to the mean',
  ],
};

/** Courses beyond the seed catalogue: same shape, made-up titles. */
const EXTRA: [id: string, title: string, modules: string[]][] = [
  ['course-stats-110', 'Statistics for Analysts', ['Describing data', 'Inference', 'Models']],
  ['course-ux-220', 'User Research Basics', ['Interviews', 'Testing', 'Synthesis', 'Reporting']],
  ['course-sec-330', 'Security Awareness', ['Threats', 'Habits', 'Incidents']],
  ['course-data-140', 'Databases in Practice', ['Modelling', 'Querying', 'Performance', 'Operations']],
  ['course-fin-250', 'Finance for Managers', ['Reading statements', 'Planning', 'Decisions']],
];
const KINDS = ['video/mp4', 'application/pdf', 'text/html'];

function catalogue(): SeedCourse[] {
  const extra = EXTRA.map(([courseId, courseTitle, modules]) => ({
    courseId,
    courseTitle,
    modules: modules.map((moduleTitle, m) => ({
      moduleId: `${courseId}-m${m + 1}`,
      moduleTitle,
      resources: Array.from({ length: 2 + (m % 3) }, (_, r) => ({
        refId: `${courseId}-m${m + 1}-r${r + 1}`,
        refTitle: `${moduleTitle}: part ${r + 1}`,
        mimeType: KINDS[(m + r) % KINDS.length] as string,
      })),
    })),
  }));
  return [...SEED_CATALOG, ...extra];
}

const TEMPLATES = [
  (a: string, b: string) => `<p>The <strong>${a}</strong> matters most when ${b} is involved.</p>`,
  (a: string, b: string) => `<p>Remember: check ${a} before ${b}. Revisit for the exam.</p>`,
  (a: string, b: string) =>
    `<p>${a} tips:</p><ul><li>start from ${b}</li><li>write it down</li><li>compare with last week</li></ul>`,
  (a: string, b: string) => `<p>Question for the team review: how does <em>${a}</em> relate to ${b}?</p>`,
  (a: string, b: string) =>
    `<p>Key idea — ${a} explains ${b}. See <a href="https://example.org/notes">the reading list</a>.</p>`,
  (a: string, b: string) => `<h3>${a}</h3><p>Summary: ${b} follows from it; worked example on the slide.</p>`,
];
const OTHER_LANGUAGES = [
  '<p>रेखीय प्रतिगमन में हम <strong>सबसे अच्छी रेखा</strong> खोजते हैं।</p>',
  '<p>Überschriften <strong>nicht überspringen</strong>: h1 → h2 → h3.</p>',
  '<p>Notes pour l’équipe : partager le modèle de charte.</p>',
  '<p>Escribir primero, reunirse después. <strong>Documentar</strong> las decisiones.</p>',
  '<p>الانحدار الخطي يبحث عن <strong>أفضل خط</strong> يمثل البيانات.</p>',
];
const TAGS = ['exam', 'tips', 'todo', 'question', 'wichtig', 'équipe'];

/** `count` notes of `user`, newest about an hour before `now`, oldest about two years before. */
export function benchNotes(user: SeedUser, count: number, now: Date): OwnedNote[] {
  const owner = { rootOrg: user.rootOrg, org: user.org, wid: user.wid };
  const courses = catalogue();
  const rnd = seededRandom(6);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const span = 2 * 365 * 24 * 3600 * 1000;
  return Array.from({ length: count }, (_, i) => {
    const course = i < 40 ? (SEED_CATALOG[0] as SeedCourse) : pick(courses);
    const module = pick(course.modules);
    const resource = i < 40 ? module.resources[0]! : pick(module.resources);
    const terms = TERMS[course.courseId] ?? ['notes'];
    let content = pick(OTHER_LANGUAGES);
    if (rnd() >= 0.1) content = pick(TEMPLATES)(pick(terms), pick(terms));
    if (rnd() < 0.0006) content += '<p>The zeitgeist of the field shifted here.</p>';
    const created = now.getTime() - 3600_000 - Math.floor(((count - i) / count) * span * (0.9 + rnd() * 0.1));
    const edited =
      rnd() < 0.2 ? Math.min(now.getTime() - 60_000, created + rnd() * 30 * 86_400_000) : created;
    const anchor: NoteAnchor =
      resource.mimeType === 'video/mp4'
        ? { kind: 'time', seconds: Math.floor(rnd() * 3600) }
        : resource.mimeType === 'application/pdf'
          ? { kind: 'page', page: 1 + Math.floor(rnd() * 40) }
          : null;
    const note: Note = {
      noteId: `bench-${String(i).padStart(5, '0')}`,
      refId: resource.refId,
      moduleId: module.moduleId,
      courseId: course.courseId,
      refTitle: resource.refTitle,
      moduleTitle: module.moduleTitle,
      courseTitle: course.courseTitle,
      domain: 'lex-dev.infosysapps.com',
      appRef: null,
      displayName: `${user.firstName} ${user.lastName}`,
      content,
      text: plainText(content),
      anchor,
      tags: rnd() < 0.3 ? [pick(TAGS)] : [],
      createdOn: new Date(created).toISOString(),
      updatedOn: new Date(edited).toISOString(),
      version: edited === created ? 1 : 2,
    };
    return { owner, note };
  });
}

/** Creates a database holding only these notes (the API then starts without its seed). */
export const writeBenchData = (path: string, notes: OwnedNote[]): Promise<void> => seedDatabase(path, notes);
