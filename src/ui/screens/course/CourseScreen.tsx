import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';

/** `/course`: the learner's courses (placeholder while the screen is built). */
export function CourseScreen() {
  const { t } = useServices().i18n;
  return (
    <section className="screen course" aria-labelledby={SCREEN_TITLE_ID}>
      <ScreenTitle>{t('Courses')}</ScreenTitle>
    </section>
  );
}
