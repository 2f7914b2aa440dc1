import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import type { ScreenPath } from '../routes/route-rules.ts';
import { AppLink } from './AppLink.tsx';
import { useServices } from './services.ts';

const LINKS: [ScreenPath, string][] = [
  ['/', 'My notes'],
  ['/view', 'All notes'],
  ['/course', 'Courses'],
];

/**
 * The frame around every screen: the main navigation and the `<main>` landmark.
 */
export function Shell({ children }: { children: ComponentChildren }) {
  const { session, i18n, nav } = useServices();
  const { t } = i18n;
  useLocation(); // re-render on navigation so aria-current follows
  const current = nav.currentPath();
  return (
    <div class={session.smallScreen.value ? 'app narrow' : 'app'}>
      <nav class="app-nav" aria-label={t('Main navigation')}>
        <ul>
          {LINKS.map(([path, key]) => (
            <li key={path}>
              <AppLink to={path} current={current === path}>
                {t(key)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">{children}</main>
    </div>
  );
}
