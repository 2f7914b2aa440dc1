/**
 * The course list and a course's collection, built in JS from rows the database returns in a fixed
 * order, so titles, ties and natural ordering come out exactly as the mock's (harness/api/
 * collections.ts, docs/api.md "Collections"). SQL selects; this file groups and sorts.
 */
import type { CourseSummary, Note, NoteCollection } from '../../../src/protocol/api-types.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Titles in natural order ("Module 2" before "Module 10"), then ids so the order is total. */
const byTitle =
  <T>(title: (t: T) => string, id: (t: T) => string) =>
  (a: T, b: T) =>
    collator.compare(title(a), title(b)) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);

/** What the course list needs of a note. */
export type CourseFields = Pick<Note, 'courseId' | 'courseTitle' | 'updatedOn'>;

/**
 * One row per course from notes in `newest` order: most recently touched first; the title of the
 * most recently updated note that has one (the first note's, even blank, until then).
 */
export function listCourses(notes: Iterable<CourseFields>): CourseSummary[] {
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

const anchorValue = (n: Note): number =>
  n.anchor === null ? -1 : n.anchor.kind === 'time' ? n.anchor.seconds : n.anchor.page;

/** Position of a note inside its resource: by anchor (time or page), then creation, then id. */
const inResourceOrder = (a: Note, b: Note): number =>
  anchorValue(a) - anchorValue(b) ||
  (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : 0) ||
  (a.noteId < b.noteId ? -1 : 1);

type Resource = NoteCollection['modules'][number]['resources'][number];
type Module = NoteCollection['modules'][number];

/**
 * A course's notes (already only this course's, and this module's when one is given, in `oldest`
 * order) grouped module → resource: notes without a module first under moduleId '', then modules
 * and resources in natural title order, notes by anchor. No notes: an empty module list.
 */
export function collectCourse(notes: Iterable<Note>, courseId: string): NoteCollection {
  const modules = new Map<string, Module & { byRef: Map<string, Resource> }>();
  let courseTitle = '';
  let titleFrom = '';
  for (const n of notes) {
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
  const moduleOrder = byTitle<Module>(
    (x) => x.moduleTitle,
    (x) => x.moduleId,
  );
  const sorted = [...modules.values()].sort((a, b) =>
    a.moduleId === '' ? -1 : b.moduleId === '' ? 1 : moduleOrder(a, b),
  );
  return {
    courseId,
    courseTitle,
    modules: sorted.map((m) => ({
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
