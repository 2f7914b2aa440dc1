/**
 * The old mock API's course views, kept as the reference the store is held to
 * (store/queries.test.ts): the course list (`GET /notes/list/course`) and a course grouped
 * module → resource (`GET /notes/collection/…`).
 */
import type { CourseSummary, Note, NoteCollection } from '../../../src/protocol/api-types.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Titles in natural order ("Module 2" before "Module 10"), then ids so the order is total. */
const byTitle =
  <T>(title: (t: T) => string, id: (t: T) => string) =>
  (a: T, b: T) =>
    collator.compare(title(a), title(b)) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);

/** Notes with a course, one row per course: most recently touched first, newest title wins. */
export function listCourses(notes: Note[]): CourseSummary[] {
  const rows = new Map<string, CourseSummary>();
  for (const n of notes) {
    if (n.courseId === null) continue;
    const row = rows.get(n.courseId);
    if (!row) {
      rows.set(n.courseId, {
        courseId: n.courseId,
        courseTitle: n.courseTitle ?? '',
        noteCount: 1,
        updatedOn: n.updatedOn,
      });
      continue;
    }
    row.noteCount++;
    if (n.updatedOn >= row.updatedOn) {
      row.updatedOn = n.updatedOn;
      if (n.courseTitle) row.courseTitle = n.courseTitle;
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      (a.updatedOn < b.updatedOn ? 1 : a.updatedOn > b.updatedOn ? -1 : 0) ||
      (a.courseId < b.courseId ? -1 : 1),
  );
}

/** Position of a note inside its resource: by anchor (time or page), then creation, then id. */
const anchorValue = (n: Note): number =>
  n.anchor === null ? -1 : n.anchor.kind === 'time' ? n.anchor.seconds : n.anchor.page;

const inResourceOrder = (a: Note, b: Note): number =>
  anchorValue(a) - anchorValue(b) ||
  (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : 0) ||
  (a.noteId < b.noteId ? -1 : 1);

type Resource = NoteCollection['modules'][number]['resources'][number];
type Module = NoteCollection['modules'][number];

/**
 * A course's notes grouped module → resource. `moduleId` null means the whole course. Notes with
 * no module (taken on the course itself) form a group with moduleId '' listed first; modules and
 * resources follow in natural title order; notes in a resource by anchor position. A course with
 * no notes comes back with an empty module list (not a 404) so the screen can show its empty state.
 */
export function collectCourse(notes: Note[], courseId: string, moduleId: string | null): NoteCollection {
  const modules = new Map<string, Module & { byRef: Map<string, Resource> }>();
  let courseTitle = '';
  let titleFrom = '';
  for (const n of notes) {
    if (n.courseId !== courseId) continue;
    if (moduleId !== null && n.moduleId !== moduleId) continue;
    if (n.courseTitle && n.updatedOn >= titleFrom) [courseTitle, titleFrom] = [n.courseTitle, n.updatedOn];
    const mKey = n.moduleId ?? '';
    let m = modules.get(mKey);
    if (!m) {
      m = { moduleId: mKey, moduleTitle: n.moduleTitle ?? '', resources: [], byRef: new Map() };
      modules.set(mKey, m);
    } else if (!m.moduleTitle && n.moduleTitle) m.moduleTitle = n.moduleTitle;
    let r = m.byRef.get(n.refId);
    if (!r) {
      r = { refId: n.refId, refTitle: n.refTitle, notes: [] };
      m.byRef.set(n.refId, r);
    }
    r.notes.push(n);
  }
  const sortedModules = [...modules.values()].sort((a, b) =>
    a.moduleId === ''
      ? -1
      : b.moduleId === ''
        ? 1
        : byTitle<Module>(
            (x) => x.moduleTitle,
            (x) => x.moduleId,
          )(a, b),
  );
  return {
    courseId,
    courseTitle,
    modules: sortedModules.map((m) => ({
      moduleId: m.moduleId,
      moduleTitle: m.moduleTitle,
      resources: [...m.byRef.values()]
        .sort(
          byTitle<Resource>(
            (r) => r.refTitle,
            (r) => r.refId,
          ),
        )
        .map((r) => ({ ...r, notes: r.notes.sort(inResourceOrder) })),
    })),
  };
}
