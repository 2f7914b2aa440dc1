/**
 * The DOM id of a course's button on the list, so focus can return to it from the course (ids
 * are free text; encoding keeps them free of spaces, which an id may not hold).
 */
export const courseButtonId = (courseId: string): string => `course-${encodeURIComponent(courseId)}`;
