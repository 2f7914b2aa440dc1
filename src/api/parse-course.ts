/**
 * A course's collection (`GET /notes/collection/…`), its notes validated as every note is
 * (parse-response.ts). In the course side's chunk with course-api.ts, not in the first load.
 */
import type { NoteCollection } from '../protocol/api-types.ts';
import { arr, note, obj, root, str } from './parse-response.ts';

/** `GET /notes/collection/…`. */
export const parseCollection = root(
  obj<NoteCollection>({
    courseId: str,
    courseTitle: str,
    modules: arr(
      obj<NoteCollection['modules'][number]>({
        moduleId: str,
        moduleTitle: str,
        resources: arr(obj({ refId: str, refTitle: str, notes: arr(note) })),
      }),
    ),
  }),
);
