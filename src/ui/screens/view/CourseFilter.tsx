import { useId, useLayoutEffect } from 'react';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';

/**
 * The course filter: "All courses" and the learner's courses with notes (`GET /notes/list/course`,
 * loaded once per context). Until they arrive, only "All courses" is offered.
 */
export function CourseFilter({ value, onChange }: { value: string; onChange(courseId: string): void }) {
  const { notes } = useServices();
  const t = useT();
  const id = useId();
  const epoch = useValue(notes.epoch);
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the trigger, not read: a new context bumps it and the list must be ensured (reloaded) again
  useLayoutEffect(() => notes.courses().list.ensure(), [epoch]);
  const state = useValue(notes.courses().list.state);
  const courses = state.status === 'idle' ? [] : (state.data ?? []);
  const known = !value || courses.some((c) => c.courseId === value);
  return (
    <div className="view-field">
      <label htmlFor={id}>{t('Course')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{t('All courses')}</option>
        {courses.map((c) => (
          <option key={c.courseId} value={c.courseId} dir="auto">
            {c.courseTitle || t('Untitled')}
          </option>
        ))}
        {!known && <option value={value}>{t('This course')}</option>}
      </select>
    </div>
  );
}
