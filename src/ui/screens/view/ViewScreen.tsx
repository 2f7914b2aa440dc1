import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';

/** `/view`: all of the learner's notes (placeholder while the screen is built). */
export function ViewScreen() {
  const { t } = useServices().i18n;
  return (
    <section className="screen view" aria-labelledby={SCREEN_TITLE_ID}>
      <ScreenTitle>{t('All notes')}</ScreenTitle>
    </section>
  );
}
