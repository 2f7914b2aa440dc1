import type { Note, NoteAnchor } from '../../../protocol/api-types.ts';

/** One resource's notes inside a module group, in reading order. */
export type ResourceGroup = { key: string; refId: string; title: string; notes: Note[] };

/** One module's resources; `moduleId` null is the group of notes taken on the course itself. */
export type ModuleGroup = { key: string; moduleId: string | null; title: string; resources: ResourceGroup[] };

/** Where a note sits in its resource: unanchored notes first, then by time or page. */
const position = (anchor: NoteAnchor): number =>
  anchor === null ? -1 : anchor.kind === 'time' ? anchor.seconds : anchor.page;

/** Reading order within one resource: anchor position, then when the note was taken. */
export const compareInResource = (a: Note, b: Note): number =>
  position(a.anchor) - position(b.anchor) ||
  (a.createdOn < b.createdOn ? -1 : a.createdOn > b.createdOn ? 1 : 0) ||
  (a.noteId < b.noteId ? -1 : a.noteId > b.noteId ? 1 : 0);

type Keyed = { key: string; title: string };

/**
 * A course's notes as the course screen and its export show them: notes with no module first,
 * then modules, and resources within each, in natural title order for the learner's locale
 * ("Module 2" before "Module 10"); notes within a resource in reading order (`compareInResource`).
 * Pure, so the screen, the export and the print view agree and tests pin the rules down.
 */
export function groupCourseNotes(notes: readonly Note[], locale: string): ModuleGroup[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const byTitle = (a: Keyed, b: Keyed) =>
    collator.compare(a.title, b.title) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const modules = new Map<string, ModuleGroup & { refs: Map<string, ResourceGroup> }>();

  for (const note of notes) {
    const moduleKey = note.moduleId === null ? '' : `m:${note.moduleId}`;
    let group = modules.get(moduleKey);
    if (!group) {
      group = {
        key: moduleKey,
        moduleId: note.moduleId,
        title: note.moduleTitle ?? '',
        resources: [],
        refs: new Map(),
      };
      modules.set(moduleKey, group);
    }
    let resource = group.refs.get(note.refId);
    if (!resource) {
      resource = { key: `${moduleKey}/r:${note.refId}`, refId: note.refId, title: note.refTitle, notes: [] };
      group.refs.set(note.refId, resource);
      group.resources.push(resource);
    }
    resource.notes.push(note);
  }

  return [...modules.values()]
    .sort((a, b) => (a.moduleId === null ? -1 : b.moduleId === null ? 1 : byTitle(a, b)))
    .map(({ refs: _refs, ...group }) => ({
      ...group,
      resources: group.resources
        .sort(byTitle)
        .map((resource) => ({ ...resource, notes: resource.notes.sort(compareInResource) })),
    }));
}
