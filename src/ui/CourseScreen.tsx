import { useEffect } from 'preact/hooks';
import type { CourseSummary } from '../protocol/api-types.ts';
import { ListState } from './ListState.tsx';
import { useServices } from './services.ts';

/** `/course`: the learner's courses that have notes, with counts. (Grouping and export: screens issue.) */
export function CourseScreen() {
  const { notes, i18n } = useServices();
  const { t } = i18n;
  useEffect(() => notes.courses.ensure(), []);
  return (
    <section aria-labelledby="course-title">
      <h1 id="course-title">{t('Courses')}</h1>
      <ListState<CourseSummary[]>
        state={notes.courses.state.value}
        isEmpty={(d) => d.length === 0}
        emptyText="No notes yet"
        summary={(d) => t('course count', { count: d.length })}
        onRetry={() => void notes.courses.reload()}
      >
        {(courses) => (
          <ul class="course-list" aria-label={t('Courses')}>
            {courses.map((c) => (
              <li key={c.courseId} class="card course">
                <h2 dir="auto">{c.courseTitle || t('Untitled')}</h2>
                <p>{t('note count', { count: c.noteCount })}</p>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
