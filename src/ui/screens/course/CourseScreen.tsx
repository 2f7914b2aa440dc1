import type { ScreenProps } from '../../screens.ts';
import { CourseList } from './CourseList.tsx';
import { CourseNotes } from './CourseNotes.tsx';

/**
 * `/course` lists the learner's courses; `/course/:courseId` shows one course's notes grouped by
 * module and resource, with Export and Print. Keyed by the course so nothing of one course (its
 * collapsed groups, a note being edited) carries over to another. Its styles (`course.css`, with
 * the print stylesheet) are built apart and fetched with this chunk (scripts/build-styles.mjs).
 */
export function CourseScreen({ params }: ScreenProps) {
  const courseId = params?.courseId;
  return courseId ? <CourseNotes key={courseId} courseId={courseId} /> : <CourseList />;
}
