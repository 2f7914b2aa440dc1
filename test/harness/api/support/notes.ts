/**
 * Builds Note values for pure tests: sequential ids and minute-spaced dates, overridable per note.
 */
import type { Note } from '../../../../src/protocol/api-types.ts';

const EPOCH = Date.UTC(2024, 0, 1);

/** The i-th test note: created i minutes after the epoch, with an id that sorts by i. */
export function makeNote(i: number, overrides: Partial<Note> = {}): Note {
  const at = new Date(EPOCH + i * 60_000).toISOString();
  return {
    noteId: `n-${String(i).padStart(5, '0')}`,
    refId: 'r1',
    moduleId: 'm1',
    courseId: 'c1',
    refTitle: 'Resource',
    moduleTitle: 'Module',
    courseTitle: 'Course',
    domain: 'd',
    appRef: null,
    displayName: 'Tester',
    content: `<p>note ${i}</p>`,
    text: `note ${i}`,
    anchor: null,
    tags: [],
    createdOn: at,
    updatedOn: at,
    version: 1,
    ...overrides,
  };
}
