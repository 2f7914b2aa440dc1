import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { CourseSummary } from '../../../protocol/api-types.ts';
import { SCREEN_TITLE_ID, useFocusTarget } from '../../focus-request.ts';
import { EmptyState, ListProblem, LoadProblem, Skeleton } from '../../notes/ListStatus.tsx';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { courseButtonId } from './course-ids.ts';

/** One course: a button named exactly by its title that opens it, its note count beside. */
function CourseItem({ course }: { course: CourseSummary }) {
  const { nav, focus } = useServices();
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const id = courseButtonId(course.courseId);
  useFocusTarget(focus, id, ref);
  return (
    <li className="course-item card">
      <button
        type="button"
        className="course-open"
        id={id}
        ref={ref}
        dir="auto"
        aria-describedby={`${id}-count`}
        onClick={() => {
          nav.navigate(`/course/${course.courseId}`);
          focus.request(SCREEN_TITLE_ID); // the button goes away: focus lands on the course's title
        }}
      >
        {course.courseTitle || t('Untitled')}
      </button>
      <span className="count" id={`${id}-count`}>
        {t('note count', { count: course.noteCount })}
      </span>
    </li>
  );
}

/**
 * `/course`: the learner's courses with how many notes each holds (`GET /notes/list/course`),
 * in the server's order. Reloaded when shown after notes were added or deleted (the model marks
 * the counts stale) and after a new context; what was shown stays while it reloads.
 */
export function CourseList() {
  const { notes } = useServices();
  const t = useT();
  const epoch = useValue(notes.epoch);
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the trigger, not read: a new context bumps it and the list must be ensured (reloaded) again
  useLayoutEffect(() => notes.courses().list.ensure(), [epoch]);
  const state = useValue(notes.courses().list.state);
  const courses = state.status === 'idle' ? null : state.data;
  const retry = () => void notes.courses().list.reload();

  let body: ReactNode;
  if (courses?.length) {
    body = (
      <>
        <ul
          className="course-list"
          aria-label={t('Courses')}
          aria-busy={state.status === 'loading' || undefined}
        >
          {courses.map((course) => (
            <CourseItem key={course.courseId} course={course} />
          ))}
        </ul>
        {state.status === 'error' && <ListProblem problem={state.problem} onRetry={retry} />}
      </>
    );
  } else if (state.status === 'error') {
    body = <LoadProblem problem={state.problem} onRetry={retry} />;
  } else if (state.status === 'ready') {
    body = (
      <EmptyState
        title="No courses with notes yet"
        hint="Take notes on a course's videos and documents: each course with notes is listed here."
      />
    );
  } else {
    body = <Skeleton count={4} />;
  }

  return (
    <section className="screen course" aria-labelledby={SCREEN_TITLE_ID}>
      <header className="screen-head">
        <ScreenTitle>{t('Courses')}</ScreenTitle>
      </header>
      {body}
    </section>
  );
}
