import type { MouseEvent } from 'react';
import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { courseButtonId } from './course-ids.ts';

/**
 * The way back from a course to the list of courses: a link (it goes somewhere) that, like
 * AppLink, replaces the history entry, and sends focus back to the course's own button.
 */
export function BackToCourses({ courseId }: { courseId: string }) {
  const { nav, focus, notes } = useServices();
  const t = useT();
  const courses = useValue(notes.courses().list.state);
  const listed = courses.status !== 'idle' && courses.data?.some((c) => c.courseId === courseId);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation(); // keep the router's document listener from pushing a history entry
    nav.navigate('/course');
    // Back to the course's button when the list has it, else to the list's title (never a request
    // that nothing would ever serve).
    focus.request(listed ? courseButtonId(courseId) : SCREEN_TITLE_ID);
  };
  return (
    <a className="back-link" href={nav.href('/course')} onClick={onClick}>
      {t('All courses')}
    </a>
  );
}
