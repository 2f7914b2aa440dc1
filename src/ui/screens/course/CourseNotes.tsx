import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { EmptyState, LoadProblem, Skeleton } from '../../notes/ListStatus.tsx';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';
import { BackToCourses } from './BackToCourses.tsx';
import { CourseExport } from './CourseExport.tsx';
import { CourseGroups } from './CourseGroups.tsx';
import { groupCourseNotes } from './group-notes.ts';

/**
 * `/course/:courseId`: one course's notes, grouped (module, resource) and collapsible, with
 * Export and Print. The list is derived from the shared cache, so an edit or delete made on
 * another screen shows here at once; it loads the whole course (`GET /notes/collection/…`).
 */
export function CourseNotes({ courseId }: { courseId: string }) {
  const { notes, i18n } = useServices();
  const t = useT();
  const epoch = useValue(notes.epoch);
  const list = useMemo(() => notes.courses().notes(courseId), [courseId]);
  useEffect(() => () => list.cancel(), [list]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the trigger, not read: a new context bumps it and the list must be ensured (reloaded) again
  useLayoutEffect(() => list.ensure(), [list, epoch]);
  const shown = useValue(list.notes);
  const record = useValue(list.record);
  const locale = useValue(i18n.locale);
  const groups = useMemo(() => groupCourseNotes(shown, locale), [shown, locale]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setCollapsed((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const courses = useValue(notes.courses().list.state);
  const listed = courses.status === 'idle' ? null : courses.data?.find((c) => c.courseId === courseId);
  const title =
    notes.courses().title(courseId) || listed?.courseTitle || shown[0]?.courseTitle || t('Course');
  const loading = record.status === 'loading' || record.status === 'idle';

  return (
    <section className="screen course" aria-labelledby={SCREEN_TITLE_ID}>
      <header className="screen-head">
        <BackToCourses courseId={courseId} />
        <ScreenTitle>{title}</ScreenTitle>
        {shown.length > 0 && <CourseExport title={title} groups={groups} />}
      </header>
      {shown.length > 0 ? (
        <div aria-busy={loading || undefined}>
          <CourseGroups groups={groups} collapsed={collapsed} onToggle={toggle} />
        </div>
      ) : record.status === 'error' && record.problem ? null : loading ? (
        <Skeleton />
      ) : (
        <EmptyState
          title="No notes in this course"
          hint="Notes you take on this course's videos and documents will appear here."
        />
      )}
      {record.status === 'error' && record.problem && (
        <LoadProblem problem={record.problem} onRetry={list.retry} />
      )}
    </section>
  );
}
