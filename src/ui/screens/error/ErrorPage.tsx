import { AppLink } from '../../AppLink.tsx';
import { SCREEN_TITLE_ID } from '../../focus-request.ts';
import { ScreenTitle } from '../../notes/ScreenTitle.tsx';
import { useServices } from '../../services.ts';
import { useT, useValue } from '../../use-value.ts';

/** A small inline illustration (no extra request): a locked document. Decorative, so hidden. */
function Illustration() {
  return (
    <svg
      className="error-art"
      viewBox="0 0 120 100"
      width="160"
      height="133"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="20"
        y="8"
        width="62"
        height="80"
        rx="6"
        fill="var(--surface-2)"
        stroke="var(--border)"
        stroke-width="3"
      />
      <path
        d="M32 28h38M32 40h38M32 52h24M74 52v-8a11 11 0 0 1 22 0v8"
        fill="none"
        stroke="var(--text-muted)"
        stroke-width="4"
        stroke-linecap="round"
      />
      <rect x="66" y="52" width="38" height="32" rx="5" fill="var(--primary)" />
    </svg>
  );
}

/**
 * `/error` (docs/routes.md): with navigation state `{ code: 403 }` it says the learner lacks access rights;
 * it always says whom to contact.
 */
export function ErrorPage() {
  const { nav } = useServices();
  const t = useT();
  const forbidden = useValue(nav.state)?.code === 403;
  return (
    <section className="error-page" aria-labelledby={SCREEN_TITLE_ID}>
      <Illustration />
      <ScreenTitle>
        {forbidden
          ? t('You do not have sufficient access rights to view this page')
          : t('Something went wrong')}
      </ScreenTitle>
      <p>{t('Please contact your administrator for access related issues.')}</p>
      <p>
        <AppLink to="/" className="btn">
          {t('Go to my notes')}
        </AppLink>
      </p>
    </section>
  );
}
